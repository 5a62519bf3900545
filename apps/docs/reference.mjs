/**
 * What the reference documents, and how it is grouped: by job (what a reader is trying to do),
 * not by kind (classes, interfaces, functions). Read by typedoc.config.mjs (the entry points),
 * typedoc-jobs.mjs (the TypeDoc plugin that groups and orders the exports and writes the
 * reference's overview page and sidebar) and the tests.
 *
 * Adding an entry point of @loop/core is one line in ENTRIES: its subpath, as in the package's
 * `exports`, and the job its exports belong to (a job that JOBS does not list gets a section of
 * its own after them, described by the entry's `@module` comment). An export of an entry
 * without a job must be named in one of JOBS' `members`, or the build fails naming it.
 */

/**
 * The entry points: `subpath` as in packages/core/package.json `exports` ('.' is the root);
 * the source is `src/index.ts` for '.', `src/<name>/index.ts` for './<name>'.
 * @type {readonly { subpath: string, job?: string }[]}
 */
export const ENTRIES = [
  { subpath: '.' },
  { subpath: './replay', job: 'Replay' },
  { subpath: './dom', job: 'Browser helpers' },
  { subpath: './worker', job: 'Simulation in a worker' },
  { subpath: './testing', job: 'Testing' },
];

/**
 * The jobs, in the order the reference shows them. `members` names exports of entries that
 * have no job of their own (the root, which holds the loops, the clock and blending), in the
 * order they are listed; `guide` is the page of the guide that explains the job (a VitePress
 * link: from the source folder, no extension).
 * @type {readonly { title: string, blurb: string, guide?: { text: string, link: string }, members?: readonly string[] }[]}
 */
export const JOBS = [
  {
    title: 'Loops',
    blurb:
      'Make a loop, pick its mode and options, start, stop and read it. `createLoop` is the full loop; `createBasicLoop` the smallest.',
    guide: { text: 'Getting started', link: '/guide/getting-started' },
    members: [
      'createLoop',
      'Loop',
      'LoopOptions',
      'LoopState',
      'ResolvedOptions',
      'StepMode',
      'OverflowPolicy',
      'DropReason',
      'DEFAULTS',
      'MIN_TIMESTEP',
      'MAX_TIME_SCALE',
      'FrameStats',
      'Scheduler',
      'FrameCallback',
      'createBasicLoop',
      'BasicLoop',
      'BasicLoopOptions',
    ],
  },
  {
    title: 'Clock',
    blurb:
      'The rule for time every loop runs on, for a loop of your own: a worker driven by messages, a server, a test.',
    guide: {
      text: 'A loop of your own',
      link: '/guide/getting-started#a-loop-of-your-own-the-clock',
    },
    members: ['Clock', 'ClockOptions'],
  },
  {
    title: 'Blending',
    blurb:
      'Draw between two fixed steps: the previous/current pair, lerp, slerp and extrapolation, one value or whole typed arrays; and a buffer of timed snapshots, from a worker or a server, blended at a render time.',
    guide: { text: 'Interpolation', link: '/guide/interpolation' },
    members: [
      'Interpolated',
      'BlendKind',
      'lerp',
      'lerpAngle',
      'extrapolate',
      'lerpVec2',
      'lerpVec3',
      'extrapolateVec3',
      'Vec',
      'ReadonlyVec',
      'slerp',
      'nlerp',
      'slerpFlat',
      'nlerpFlat',
      'lerpArray',
      'slerpArray',
      'composeMatrices',
      'SnapshotBuffer',
      'SampleKind',
    ],
  },
  {
    title: 'Replay',
    blurb:
      'Record the input of each tick and play it back to the same update, bit for bit: instant replays, bug-report files, and the seeded random a replay needs.',
    guide: { text: 'Record and replay', link: '/guide/record-and-replay' },
    members: ['Random'],
  },
  {
    title: 'Browser helpers',
    blurb:
      'Canvas sizing for the pixel ratio, input sampled once per step, the stats overlay, page styles, and a scope for hot reload.',
    guide: { text: 'Capped FPS on phones', link: '/guide/capped-fps' },
  },
  {
    title: 'Simulation in a worker',
    blurb:
      'The fixed-step loop in a dedicated worker and the page that draws it: snapshots that are never torn, over shared memory or transferred buffers.',
    guide: { text: 'Simulation in a worker', link: '/guide/worker' },
  },
  {
    title: 'Testing',
    blurb:
      "Unit-test a game's own drawing in Node, which has no canvas: a 2D context that records every call and property set, in order.",
  },
];

/** The module name of an entry, as its `@module` tag names it: `@loop/core`, `@loop/core/dom`. */
export function moduleName(subpath) {
  return subpath === '.' ? '@loop/core' : `@loop/core${subpath.slice(1)}`;
}

/** The source file of an entry, relative to apps/docs. */
export function entrySource(subpath) {
  return subpath === '.'
    ? '../../packages/core/src/index.ts'
    : `../../packages/core/src${subpath.slice(1)}/index.ts`;
}
