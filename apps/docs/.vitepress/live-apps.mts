import { readFileSync } from 'node:fs';
import { posix } from 'node:path';
import type { MarkdownRenderer } from 'vitepress';

/**
 * The live apps the docs link to: the gallery's list (apps/gallery/apps.json), so a page links
 * an app by the folder the site build gives it (`<site>/<name>/`), beside the docs' own folder
 * (`<site>/docs/`). An app that needs its own game server (`"server": true`, multiplayer) has no
 * folder in the static site, so a link to it would be dead: it is not among them.
 */
export const apps: readonly { name: string; title: string }[] = (
  JSON.parse(readFileSync(new URL('../../gallery/apps.json', import.meta.url), 'utf8')) as {
    name: string;
    title: string;
    server?: boolean;
  }[]
).filter((app) => !app.server);

/**
 * A markdown-it plugin for links that leave the docs: a page links the gallery or a live app with
 * a relative link one folder above the docs (`../../rapier/` from `guide/record-and-replay.md`).
 * Such a link must name the gallery (`../../`) or an app of apps.json, from the right depth, or
 * the build fails naming the page and the link. It gets `target="_self"`, so VitePress's router
 * leaves it to the browser (it is not a page of the docs) and its dead-link check skips it; the
 * site test (apps/gallery) loads every link of the built site.
 */
export function liveAppLinks(md: MarkdownRenderer): void {
  const names = new Set(apps.map((app) => app.name));
  md.core.ruler.push('loop_live_app_links', (state) => {
    const page = state.env?.relativePath as string | undefined;
    if (!page) return;
    for (const block of state.tokens) {
      for (const token of block.children ?? []) {
        const href = token.type === 'link_open' ? token.attrGet('href') : null;
        if (!href?.startsWith('../')) continue;
        const target = posix.normalize(posix.join(posix.dirname(page), href));
        if (!target.startsWith('../')) continue; // a page of the docs: VitePress checks it
        const app = /^\.\.\/(?:([\w-]+)\/)?(?:\?[\w=&-]*)?$/.exec(target);
        if (!app || (app[1] !== undefined && !names.has(app[1]))) {
          throw new Error(
            `${page}: the link ${href} leaves the docs but names neither the gallery (${'../'.repeat(
              page.split('/').length,
            )}) nor an app of apps/gallery/apps.json (${[...names].join(', ')})`,
          );
        }
        token.attrSet('target', '_self');
      }
    }
  });
}
