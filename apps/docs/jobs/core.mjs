/** The jobs of `@loop/core`'s reference, in order (see JOBS in ../reference.mjs). */
export const CORE_JOBS = [
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
  {
    title: 'End-to-end tests',
    blurb:
      "Find the browsers, Xvfb and redis-server a game's end-to-end tests drive, on Linux, macOS and Windows; without one, skip with a line saying what to install on a developer's machine, fail in CI.",
  },
];
