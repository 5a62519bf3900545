import { existsSync, readFileSync } from 'node:fs';
import { type DefaultTheme, defineConfig } from 'vitepress';
import { apps, liveAppLinks } from './live-apps.mts';
import { relativeBase } from './relative-base.mts';

/**
 * The docs site: the guide (src/guide, written by hand), the reference (src/reference, written
 * by TypeDoc from the doc comments of @loop/core, @loop/net, @loop/rapier and @loop/r3f just
 * before: `pnpm build` runs `typedoc` first) and the home page. The gallery build copies dist/
 * to docs/ of the site, beside the live apps, which the pages link (live-apps.mts). Dark mode
 * follows the system (VitePress's default `appearance`), search is VitePress's local index
 * (built into the site, nothing online).
 */

/** The reference by package and job (typedoc-jobs.mjs writes it with the pages). */
const jobsFile = new URL('../src/reference/jobs.json', import.meta.url);
if (!existsSync(jobsFile)) {
  throw new Error('docs: no src/reference/jobs.json: run typedoc first (pnpm build does)');
}
const packages: {
  package: string;
  jobs: { title: string; items: DefaultTheme.SidebarItem[] }[];
}[] = JSON.parse(readFileSync(jobsFile, 'utf8'));

const relative = relativeBase();

/** A link out of the docs to the site's root (`/../` is the folder above the docs). */
const site = (path: string) => ({ link: `/../${path}`, target: '_self' });

const sidebar: DefaultTheme.SidebarItem[] = [
  {
    text: 'Introduction',
    items: [{ text: 'Getting started', link: '/guide/getting-started' }],
  },
  {
    text: 'Guides',
    items: [
      { text: 'Interpolation', link: '/guide/interpolation' },
      { text: 'Capped FPS on phones', link: '/guide/capped-fps' },
      { text: 'Record and replay', link: '/guide/record-and-replay' },
      { text: 'Simulation in a worker', link: '/guide/worker' },
      { text: 'Multiplayer', link: '/guide/multiplayer' },
      { text: 'Fixed-step rooms in a Colyseus game', link: '/guide/colyseus-rooms' },
      { text: 'Rapier under a fixed step in three.js', link: '/guide/rapier-three' },
      { text: 'React Three Fiber with Rapier', link: '/guide/r3f' },
      { text: 'Rollback netcode peer to peer', link: '/guide/rollback' },
    ],
  },
  {
    text: 'Reference',
    items: [
      { text: 'By job', link: '/reference/' },
      ...packages.map((pkg) => ({
        text: pkg.package,
        collapsed: pkg.package !== '@loop/core',
        items: pkg.jobs.map((job) => ({ text: job.title, collapsed: true, items: job.items })),
      })),
    ],
  },
];

export default defineConfig({
  title: 'loop',
  description:
    'A game loop for the web you can trust: fixed step, interpolation, capped FPS, record and replay.',
  lang: 'en',
  srcDir: 'src',
  outDir: 'dist',
  base: relative.base,
  cleanUrls: false,
  // A build needs nothing from the network: no web fonts, no hosted search.
  useWebFonts: false,
  markdown: { config: (md) => md.use(liveAppLinks) },
  transformHead: ({ siteConfig }) => [
    ['link', { rel: 'icon', type: 'image/svg+xml', href: `${siteConfig.site.base}favicon.svg` }],
  ],
  themeConfig: {
    logo: '/favicon.svg',
    nav: [
      { text: 'Getting started', link: '/guide/getting-started' },
      { text: 'Guides', link: '/guide/interpolation', activeMatch: '^/guide/(?!getting-started)' },
      { text: 'Reference', link: '/reference/', activeMatch: '^/reference/' },
      {
        text: 'Live apps',
        items: [
          { text: 'Gallery', ...site('') },
          ...apps.map((app) => ({ text: app.title, ...site(`${app.name}/`) })),
        ],
      },
    ],
    sidebar,
    search: { provider: 'local' },
    outline: { level: [2, 3] },
  },
  vite: { plugins: [relative.vitePlugin] },
  transformHtml: relative.transformHtml,
  buildEnd: relative.buildEnd,
});
