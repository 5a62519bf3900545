import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { allApps, docsDist, galleryRoot } from '../apps.mjs';

/**
 * Following every link of the site, built or served by `pnpm dev`, and checking where each one
 * lands: the page a link names must be the page that answers, by its title, not just any page
 * with status 200 (a dev server that answers every path with the gallery passes that). Pages are
 * fetched as HTML (a link's landing is the server's doing, not the page's script); the links
 * that a page's script makes (the gallery's list) come in as `starts`, read in a browser.
 */

/**
 * The folder whose pages a crawl samples: the docs' reference, some 400 pages of one VitePress
 * layout (a page per export of each package). A crawl follows the first link into each of its
 * folders (a package, an entry, a kind) and no other, so it still lands on every kind of
 * reference page without fetching them all (the docs' own site test fetches every one).
 */
export const SAMPLED = 'docs/reference/';

/**
 * The folder of a sampled page, the key a crawl follows once; undefined for other pages.
 */
export function sampledFolder(path: string): string | undefined {
  if (!path.startsWith(SAMPLED)) return undefined;
  return path.slice(0, path.lastIndexOf('/') + 1);
}

/**
 * The most pages one crawl fetches: the site has about 110 besides the sampled reference. A server that answers every path
 * with a page whose relative links then name deeper paths (Vite's fallback to index.html) would
 * lead a crawl on for ever; this one stops and its landings say what went wrong.
 */
export const MAX_PAGES = 400;

/** One link followed: where it was, where it points, and what answered. */
export interface Landing {
  /** The page the link was on ('' for a start). */
  from: string;
  /** The link's URL, absolute. */
  url: string;
  status: number;
  /** The title of the page that answered. */
  title: string;
  /** The title of the page the link names; undefined where it names none (a 404 is right). */
  expected: string | undefined;
}

/** The few entities a title or an href of these pages holds. */
function decode(text: string): string {
  return text
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

/** The `<title>` of an HTML text, '' when it has none. */
export function titleIn(html: string): string {
  return decode(/<title>([^<]*)<\/title>/.exec(html)?.[1]?.trim() ?? '');
}

/** The title of an HTML file, undefined when there is no such file. */
function titleOfFile(file: string): string | undefined {
  return existsSync(file) ? titleIn(readFileSync(file, 'utf8')) : undefined;
}

/**
 * The title of the page a site path names (relative to the site's root, a folder meaning its
 * index.html), read from where that page comes from: the gallery's and each app's index.html,
 * the docs as the docs package built them. Undefined for a path that names no page. One answer
 * for the built site and the dev server, so both are held to the same routes.
 */
export function expectedTitle(path: string): string | undefined {
  const file = path === '' || path.endsWith('/') ? `${path}index.html` : path;
  if (file === 'index.html') return titleOfFile(join(galleryRoot, 'index.html'));
  const [top, ...rest] = file.split('/');
  if (top === 'docs') return titleOfFile(join(docsDist, ...rest));
  const app = allApps.find((candidate) => candidate.name === top);
  if (app && rest.join('/') === 'index.html') return titleOfFile(join(app.root, 'index.html'));
  return undefined;
}

/** The `<a href>` targets of an HTML text, absolute against `base`, without their #fragment. */
function linksIn(html: string, base: string): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)) {
    const url = new URL(decode(match[1]!), base);
    url.hash = '';
    found.push(url.href);
  }
  return found;
}

/**
 * Fetches `starts` and every page reachable from them by links inside `root` (a URL ending in
 * `/`), each URL once (a query string makes another URL: `rapier/?mode=worker`), and says what
 * answered each, and the links of each page. Links outside `root` on the same host are returned apart: a site that works
 * under any path has none.
 */
export async function crawl(
  root: string,
  starts: readonly string[],
): Promise<{ landings: Landing[]; outside: string[]; linksFrom: Map<string, string[]> }> {
  const rootUrl = new URL(root);
  const seen = new Set<string>();
  const queue: { url: string; from: string }[] = [];
  const outside = new Set<string>();
  const sampled = new Set<string>();
  const visit = (url: string, from: string) => {
    const target = new URL(url);
    if (target.origin !== rootUrl.origin) return;
    if (!target.pathname.startsWith(rootUrl.pathname)) {
      outside.add(`${target.pathname} (from ${from})`);
      return;
    }
    if (seen.has(target.href)) return;
    const folder = sampledFolder(
      decodeURIComponent(target.pathname.slice(rootUrl.pathname.length)),
    );
    if (folder !== undefined && target.pathname.endsWith('.html')) {
      if (sampled.has(folder)) return;
      sampled.add(folder);
    }
    seen.add(target.href);
    queue.push({ url: target.href, from });
  };
  for (const start of starts) visit(start, '');
  const landings: Landing[] = [];
  const linksFrom = new Map<string, string[]>();
  for (
    let next = queue.shift();
    next !== undefined && landings.length < MAX_PAGES;
    next = queue.shift()
  ) {
    const response = await fetch(next.url);
    const html = await response.text();
    const path = decodeURIComponent(new URL(next.url).pathname.slice(rootUrl.pathname.length));
    landings.push({
      from: next.from,
      url: next.url,
      status: response.status,
      title: titleIn(html),
      expected: expectedTitle(path),
    });
    if (response.ok && response.headers.get('content-type')?.includes('text/html')) {
      const links = linksIn(html, response.url);
      linksFrom.set(next.url, links);
      for (const link of links) visit(link, next.url);
    }
  }
  return { landings, outside: [...outside].sort(), linksFrom };
}

/** The landings that are wrong, as sentences: a page that is not the one its link names. */
export function wrongLandings(landings: readonly Landing[]): string[] {
  return landings
    .filter((landing) =>
      landing.expected === undefined
        ? landing.status !== 404
        : landing.status !== 200 || landing.title !== landing.expected,
    )
    .map(
      (landing) =>
        `${landing.url} (linked from ${landing.from || 'the start'}) answered ${landing.status} ` +
        `"${landing.title}", expected ${landing.expected === undefined ? '404' : `"${landing.expected}"`}`,
    );
}
