import { readFileSync } from 'node:fs';
import { CORE_JOBS } from './jobs/core.mjs';
import { NET_JOBS } from './jobs/net.mjs';
import { R3F_JOBS } from './jobs/r3f.mjs';
import { RAPIER_JOBS } from './jobs/rapier.mjs';

/**
 * What the reference documents, and how it is grouped: by job (what a reader is trying to do),
 * not by kind (classes, interfaces, functions), one section per published package. Read by
 * typedoc.config.mjs (the entry points), typedoc-jobs.mjs (the TypeDoc plugin that groups and
 * orders the exports and writes the reference's overview page and sidebar) and the tests.
 *
 * Adding an entry point is one line in ENTRIES: its package, its subpath as in the package's
 * `exports`, and the job its exports belong to by default (a job that JOBS does not list gets a
 * section of its own, described by the entry's `@module` comment). A job's `members` take the
 * exports they name out of their entry's default job, in the order named; an export of an entry
 * without a job must be named in one of its package's JOBS, or the build fails naming it. An
 * entry that exports nothing yet (a package's stub) is left out of the overview and the sidebar.
 */

/**
 * The published packages, in the order the reference shows them: `name` as on npm, `dir` the
 * folder under packages/, a blurb, and the guide a newcomer to the package should read first.
 * @type {readonly { name: string, dir: string, blurb: string, guide?: { text: string, link: string } }[]}
 */
export const PACKAGES = [
  {
    name: '@loop/core',
    dir: 'core',
    blurb:
      'The loops, the clock, state blending, record and replay, browser helpers and simulation in a worker: what every game here runs on.',
    guide: { text: 'Getting started', link: '/guide/getting-started' },
  },
  {
    name: '@loop/net',
    dir: 'net',
    blurb:
      "Fixed-step netcode over the game's own state and input layout: the wire format, the room side (inputs, guards, seats, session replay), prediction and interpolation on the page, the Colyseus 0.16 adapters, and rollback netcode peer to peer (WebRTC data channels, a signaling server with a relay). `npm update @loop/net` brings its fixes to a game.",
    guide: { text: 'Add fixed-step rooms to a Colyseus game', link: '/guide/colyseus-rooms' },
  },
  {
    name: '@loop/rapier',
    dir: 'rapier',
    blurb:
      "Rapier physics under the fixed step: every body's pose captured into typed arrays and blended at alpha, InstancedMesh drawing, world snapshots for replay and rollback, worker mode and Rapier's WebAssembly loaded with progress. `npm update @loop/rapier` brings its fixes to a game.",
    guide: {
      text: 'Add Rapier under a fixed step to a three.js scene',
      link: '/guide/rapier-three',
    },
  },
  {
    name: '@loop/r3f',
    dir: 'r3f',
    blurb:
      'A fixed-step loop for React Three Fiber on `@loop/core`: `<FixedLoop>` inside `<Canvas>`, hooks for the simulation and for drawing with alpha, and objects and instances drawn between steps. `npm update @loop/r3f` brings its fixes to a game.',
    guide: { text: 'Interpolation', link: '/guide/interpolation' },
  },
];

/**
 * The entry points: `package` (default `@loop/core`) and `subpath` as in that package's
 * `exports` ('.' is the root); the source is `src/index.ts` for '.', `src/<name>/index.ts` for
 * './<name>', or `src/<source>/index.ts` when the entry gives `source` (the package's `exports`
 * map the subpath to another folder: `./p2p-server` is `dist/p2p/server`). `job`: where its
 * exports go unless a job's `members` names them.
 * @type {readonly { package?: string, subpath: string, job?: string, source?: string }[]}
 */
export const ENTRIES = [
  { subpath: '.' },
  { subpath: './replay', job: 'Replay' },
  { subpath: './dom', job: 'Browser helpers' },
  { subpath: './worker', job: 'Simulation in a worker' },
  { subpath: './testing', job: 'Testing' },
  { subpath: './e2e', job: 'End-to-end tests' },
  { package: '@loop/net', subpath: '.', job: 'Prediction and interpolation' },
  { package: '@loop/net', subpath: './server', job: 'Rooms' },
  { package: '@loop/net', subpath: './colyseus', job: 'Colyseus server' },
  { package: '@loop/net', subpath: './colyseus-client', job: 'Colyseus client' },
  { package: '@loop/net', subpath: './dom', job: 'The page around the game' },
  { package: '@loop/net', subpath: './vite', job: 'Serving with Vite' },
  { package: '@loop/net', subpath: './testing', job: 'Testing a game' },
  { package: '@loop/net', subpath: './bench', job: 'Load test' },
  { package: '@loop/net', subpath: './rollback', job: 'Rollback sessions' },
  { package: '@loop/net', subpath: './p2p', job: 'Peer to peer on the page' },
  { package: '@loop/net', subpath: './p2p-server', job: 'Signaling server', source: 'p2p/server' },
  { package: '@loop/rapier', subpath: '.', job: 'Poses' },
  { package: '@loop/rapier', subpath: './dom', job: 'Replay controls on the page' },
  { package: '@loop/rapier', subpath: './three', job: 'Drawing with three.js' },
  { package: '@loop/rapier', subpath: './vite', job: 'Building with Vite' },
  { package: '@loop/rapier', subpath: './rollback', job: 'Rollback with Rapier' },
  { package: '@loop/r3f', subpath: '.', job: 'React Three Fiber' },
];

/**
 * The jobs, in the order the reference shows them within their package (`package`, default
 * `@loop/core`). `members` names exports in the order they are listed: of entries that have no
 * job of their own (the core root, which holds the loops, the clock and blending), or taken out
 * of their entry's job; `guide` is the page of the guide that explains the job (a VitePress
 * link: from the source folder, no extension).
 * @type {readonly { package?: string, title: string, blurb: string, guide?: { text: string, link: string }, members?: readonly string[] }[]}
 */
export const JOBS = [...CORE_JOBS, ...NET_JOBS, ...RAPIER_JOBS, ...R3F_JOBS];

/** The package of an entry or a job: `@loop/core` unless it names another. */
export function packageOf(item) {
  return item.package ?? '@loop/core';
}

/**
 * The module name of an entry, as its `@module` tag names it: `@loop/core`, `@loop/core/dom`,
 * `@loop/net/server`.
 */
export function moduleName(subpath, pkg = '@loop/core') {
  return subpath === '.' ? pkg : `${pkg}${subpath.slice(1)}`;
}

/**
 * The source file of an entry, relative to apps/docs: the `source` folder its ENTRIES line gives,
 * else the folder named as the subpath.
 */
export function entrySource(subpath, pkg = '@loop/core') {
  const dir = PACKAGES.find((p) => p.name === pkg)?.dir;
  if (dir === undefined) throw new Error(`reference: ${pkg} is not in PACKAGES`);
  const source = ENTRIES.find((e) => packageOf(e) === pkg && e.subpath === subpath)?.source;
  if (source !== undefined) return `../../packages/${dir}/src/${source}/index.ts`;
  return subpath === '.'
    ? `../../packages/${dir}/src/index.ts`
    : `../../packages/${dir}/src${subpath.slice(1)}/index.ts`;
}

/**
 * Whether an entry's source exports nothing yet (a package's stub, `export {};`): such an entry
 * makes no module, and is left out rather than failing the build.
 */
export function exportsNothing(entry) {
  const source = new URL(entrySource(entry.subpath, packageOf(entry)), import.meta.url);
  const code = readFileSync(source, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
  return !/\bexport\s+(?!\{\s*\}\s*;?)/.test(code);
}
