import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, posix, relative, sep } from 'node:path';
import type { Plugin } from 'vite';
import type { SiteConfig, TransformContext } from 'vitepress';

/**
 * The docs are one folder of a static site that is relative throughout: it works at the root of
 * a host or under any path (a GitHub Pages project site) with no base URL (apps/gallery). VitePress
 * needs its `base`, the absolute path it is served from, when it builds, and does not support a
 * relative one (vuejs/vitepress issues 3057 and 3576, closed as "won't fix"). So the site is built
 * with this placeholder as its base, and this module turns the placeholder into the real place
 * the page was loaded from:
 *
 * - HTML (`transformHtml`): every URL with the placeholder becomes relative to the page (`../`),
 *   and a script before the app reads the docs' root from the page's own URL into `BASE` and the
 *   site data VitePress's router runs on.
 * - JavaScript (the Vite plugin, client build only): every string literal with the placeholder
 *   (the router's base, the preload helper, the search index's page URLs) reads `BASE` instead.
 *   Literals are found with Rollup's parser, so nothing else is touched.
 * - CSS (`buildEnd`): relative to the stylesheet. Then no file may hold the placeholder any more:
 *   the build fails if one does.
 *
 * `vitepress dev --base /` leaves all this out. The browser test (test/site.test.ts) serves the
 * build under a deep path and checks the router, search and assets there.
 */
export const PLACEHOLDER = '/__loop_docs_base__/';

/** The global the page's script sets: the docs' root path, such as `/loop/docs/`. */
const BASE = '__LOOP_DOCS_BASE__';

interface Node {
  type: string;
  start: number;
  end: number;
  value?: unknown;
}

/** Every node of an ESTree AST, depth first. */
function* nodes(node: unknown): Generator<Node> {
  if (Array.isArray(node)) {
    for (const child of node) yield* nodes(child);
  } else if (node && typeof node === 'object' && typeof (node as Node).type === 'string') {
    yield node as Node;
    for (const value of Object.values(node))
      if (value && typeof value === 'object') yield* nodes(value);
  }
}

/** The Vite plugin: string literals with the placeholder read the base the page computed. */
function runtimeBase(): Plugin {
  let ssr = false;
  return {
    name: 'loop-docs-runtime-base',
    apply: 'build',
    configResolved(config) {
      // The server build renders the HTML in Node, where the placeholder is what HTML gets.
      ssr = Boolean(config.build.ssr);
    },
    renderChunk(code, chunk) {
      if (ssr || !code.includes(PLACEHOLDER)) return null;
      const edits: { start: number; end: number; text: string }[] = [];
      for (const node of nodes(this.parse(code))) {
        if (node.type === 'Literal' && typeof node.value === 'string') {
          if (!node.value.includes(PLACEHOLDER)) continue;
          const parts = node.value.split(PLACEHOLDER).map((part) => JSON.stringify(part));
          edits.push({ start: node.start, end: node.end, text: `(${parts.join(`+${BASE}+`)})` });
        } else if (node.type === 'TemplateElement') {
          const raw = (node.value as { raw: string }).raw;
          if (!raw.includes(PLACEHOLDER)) continue;
          edits.push({ ...node, text: raw.split(PLACEHOLDER).join(`\${${BASE}}`) });
        }
      }
      let out = code;
      for (const edit of edits.sort((a, b) => b.start - a.start)) {
        out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
      }
      if (out.includes(PLACEHOLDER)) {
        this.error(`${chunk.fileName}: the docs' base placeholder outside a string literal`);
      }
      return { code: out, map: null };
    },
  };
}

/** Each page's HTML: placeholder URLs made relative, and the script that finds the base. */
function transformHtml(html: string, _file: string, context: TransformContext): string | undefined {
  if (context.siteConfig.site.base !== PLACEHOLDER) return undefined;
  const depth = context.page.split('/').length - 1;
  const up = depth === 0 ? './' : '../'.repeat(depth);
  // After the site data, before the app's module script runs (modules run after parsing).
  const script =
    `<script>window.${BASE}=new URL(${JSON.stringify(up)},location.href).pathname;` +
    `window.__VP_SITE_DATA__.base=window.${BASE};` +
    // The icon's relative href made absolute: Chromium asks for it again after every move of
    // the router, against the new page's URL.
    'for(const l of document.querySelectorAll(\'link[rel~="icon"]\'))l.href=l.href;</script>';
  const at = html.lastIndexOf('</body>');
  if (at < 0 || html.indexOf('window.__VP_SITE_DATA__=') < 0) {
    throw new Error(`relative base: ${context.page} has no site data or no </body>`);
  }
  const relative = html.replaceAll(PLACEHOLDER, up);
  return `${relative.slice(0, at)}${script}${relative.slice(at)}`;
}

/** After the build: stylesheets made relative, the unused 404 page removed, nothing left over. */
function buildEnd(site: SiteConfig): void {
  if (site.site.base !== PLACEHOLDER) return;
  // The site's own 404.html (apps/gallery) serves every miss under the site, this folder too.
  rmSync(join(site.outDir, '404.html'), { force: true });
  const files = readdirSync(site.outDir, { recursive: true, encoding: 'utf8' });
  for (const file of files) {
    const path = join(site.outDir, file);
    if (!/\.(html|css|js|json)$/.test(file)) continue;
    const text = readFileSync(path, 'utf8');
    if (!text.includes(PLACEHOLDER)) continue;
    if (!file.endsWith('.css')) {
      throw new Error(`relative base: ${file} still holds ${PLACEHOLDER} after the build`);
    }
    const up = relative(dirname(path), site.outDir).split(sep).join(posix.sep);
    writeFileSync(path, text.replaceAll(PLACEHOLDER, up === '' ? './' : `${up}/`));
  }
}

/** What the VitePress config spreads in: the placeholder base and the three rewrites. */
export function relativeBase() {
  return { base: PLACEHOLDER, vitePlugin: runtimeBase(), transformHtml, buildEnd };
}
