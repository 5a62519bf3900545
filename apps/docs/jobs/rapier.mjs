/** The jobs of `@loop/rapier`'s reference, in order (see JOBS in ../reference.mjs). */
export const RAPIER_JOBS = [
  {
    package: '@loop/rapier',
    title: 'Poses',
    blurb:
      "Every body's pose in flat typed arrays, previous and current, written once per fixed step and blended at alpha; teleports never smeared.",
    guide: {
      text: 'Add Rapier under a fixed step to a three.js scene',
      link: '/guide/rapier-three',
    },
    members: [
      'Poses',
      'DrawnPoses',
      'drawnPoses',
      'placeAtRest',
      'PlaceableBody',
      'BodyLike',
      'BodyOf',
      'WorldLike',
      'WorldClassLike',
      'Vector3Like',
      'QuaternionLike',
    ],
  },
  {
    package: '@loop/rapier',
    title: 'A Rapier game with instant replay',
    blurb:
      'The fixed step every Rapier game with replay shares (poses saved and read, controls live or replayed, jumps cut from the blend, the state hash), and the loop around it, on the main thread or in a worker.',
    guide: { text: 'Record and replay', link: '/guide/record-and-replay' },
    members: [
      'RapierGame',
      'replayLoop',
      'ReplayLoop',
      'ReplayLoopOptions',
      'replayWorkerLoop',
      'ReplayWorkerLoop',
      'ReplayWorkerLoopOptions',
      'replaySimulation',
      'ReplaySimulationOptions',
      'ReplayGame',
      'ReplayReport',
      'ReplayRequest',
      'StartedGame',
      'statusOf',
      'copyStatus',
      'firstStatus',
      'ReplayStatus',
    ],
  },
  {
    package: '@loop/rapier',
    title: 'World snapshots',
    blurb:
      "The Rapier world as a replayable state: keyframes are Rapier's own snapshots, restored into a world that continues bit for bit.",
    guide: { text: 'Record and replay', link: '/guide/record-and-replay' },
    members: ['WorldState'],
  },
  {
    package: '@loop/rapier',
    title: 'Worker mode',
    blurb: "The poses as a worker's snapshot, and their blend on the page.",
    guide: { text: 'Simulation in a worker', link: '/guide/worker' },
    members: ['poseLayout', 'PoseLayout', 'writePoses', 'blendSnapshot'],
  },
  {
    package: '@loop/rapier',
    title: 'Figures',
    blurb:
      "What the stats overlay says about the physics in either mode: bodies moving, the tick rate measured, the worker's figures as they arrive.",
    members: [
      'overlayLines',
      'physicsFigures',
      'PhysicsFigures',
      'SnapshotFigures',
      'FigureSource',
      'FiguresInbox',
      'figuresText',
      'noFigures',
      'TickRate',
    ],
  },
  {
    package: '@loop/rapier',
    title: 'Loading',
    blurb:
      "Rapier's WebAssembly loaded with progress, as a file of its own or inlined by the -compat build, and a line that shows it.",
    members: [
      'wasmLoader',
      'compatLoader',
      'RapierLoader',
      'WasmBuild',
      'WasmSource',
      'counted',
      'LoadProgress',
      'showLoading',
      'loadingView',
      'loadingText',
      'LoadingView',
      'LoadingElement',
    ],
  },
  {
    package: '@loop/rapier',
    title: 'Replay controls on the page',
    blurb:
      'The replay status line, recordings saved to and loaded from files, and the speed, save and load controls wired to either mode: apart, so a worker never meets the DOM.',
    guide: { text: 'Record and replay', link: '/guide/record-and-replay' },
  },
  {
    package: '@loop/rapier',
    title: 'Drawing with three.js',
    blurb:
      "The blended poses written straight into the instance matrices of an InstancedMesh, a camera that follows a body's blended pose, and the page's renderer around the game's drawing.",
    guide: {
      text: 'Add Rapier under a fixed step to a three.js scene',
      link: '/guide/rapier-three',
    },
  },
  {
    package: '@loop/rapier',
    title: 'Building with Vite',
    blurb:
      "Rapier's WebAssembly served as a file of its own with the game's loader of it (virtual:rapier-wasm), the headers that give worker mode shared memory, and a Rapier game's whole Vite config.",
    guide: { text: 'Simulation in a worker', link: '/guide/worker' },
  },
  {
    package: '@loop/rapier',
    title: 'Rollback with Rapier',
    blurb:
      "A Rapier world as a rollback session's game: snapshots saved and loaded, bodies found again by handle, every body's pose the part a desync names, a checksum of the rest.",
    guide: { text: 'Rollback netcode peer to peer', link: '/guide/rollback' },
    members: [
      'RapierRollback',
      'RapierRollbackOptions',
      'ChecksumSource',
      'RollbackWorld',
      'RollbackBody',
      'hashSnapshot',
      'POSE_STRIDE',
      'VELOCITY_STRIDE',
    ],
  },
];
