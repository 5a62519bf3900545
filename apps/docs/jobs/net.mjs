/**
 * The jobs of `@loop/net`'s reference, in order (see JOBS in ../reference.mjs): the page's side
 * first, what both ends speak, then the server's side and the adapters.
 */
export const NET_JOBS = [
  {
    package: '@loop/net',
    title: 'Prediction and interpolation',
    blurb:
      "The page's side: the server's clock from pings, an interpolation delay that follows the jitter, your own player predicted and reconciled, the others drawn between snapshots.",
    guide: { text: 'Add fixed-step rooms to a Colyseus game', link: '/guide/colyseus-rooms' },
  },
  {
    package: '@loop/net',
    title: 'Wire format',
    blurb:
      "What both ends speak, sized by the game's own layout: the input message with redundant inputs and its verdicts, the snapshot's framing, message types and close codes.",
    guide: { text: 'Multiplayer', link: '/guide/multiplayer' },
    members: [
      'defineWire',
      'Wire',
      'WireOptions',
      'InputVerdict',
      'SnapshotFrame',
      'SnapshotHeader',
      'SNAPSHOT_HEADER_BYTES',
      'NO_SLOT',
      'MSG_INPUT',
      'MSG_SNAPSHOT',
      'MSG_PING',
      'MSG_PONG',
      'INPUT_HEADER_BYTES',
      'PING_BYTES',
      'PONG_BYTES',
      'CLOSE_FLOOD',
      'CLOSE_MALFORMED',
      'CLOSE_OVERSIZE',
      'MAX_STRIKES',
      'readUint32',
      'writeUint32',
    ],
  },
  {
    package: '@loop/net',
    title: 'Links and a bad network',
    blurb:
      'The two calls a client needs from its connection, an in-memory pair for tests and servers in the page, and a seeded network conditioner (latency, jitter, loss, reordering) to put on either end.',
    members: [
      'Link',
      'MessageHandler',
      'createLinkPair',
      'MemoryLink',
      'Conditioner',
      'ConditionerOptions',
      'Path',
      'PathSettings',
    ],
  },
  {
    package: '@loop/net',
    title: 'Switches and figures',
    blurb:
      'What a page shows a player about the network and lets them turn: prediction, interpolation and a bad network switched by key or button, and the figures (round trip, delay, corrections) for an overlay.',
    guide: { text: 'Multiplayer', link: '/guide/multiplayer' },
    members: ['NetSwitches', 'SWITCH_KEYS', 'SwitchButton', 'SwitchName', 'NetFigures'],
  },
  {
    package: '@loop/net',
    title: 'Rooms',
    blurb:
      "The server side with no transport: a fixed-step room over the game's step, the input queue, seats with reconnection, the guards against bad clients, join options, and session recording with bit-exact replay.",
    guide: { text: 'Multiplayer', link: '/guide/multiplayer' },
  },
  {
    package: '@loop/net',
    title: 'Colyseus server',
    blurb:
      "The room as a Colyseus 0.16 room, and the process around it: startServer, matchmaking with limits, the creation gate, operators' routes, clusters over Redis.",
    guide: { text: 'Add fixed-step rooms to a Colyseus game', link: '/guide/colyseus-rooms' },
  },
  {
    package: '@loop/net',
    title: 'Colyseus client',
    blurb: "The page's connection to a Colyseus room: joining, inputs out, snapshots and pongs in.",
    guide: { text: 'Add fixed-step rooms to a Colyseus game', link: '/guide/colyseus-rooms' },
  },
  {
    package: '@loop/net',
    title: 'The page around the game',
    blurb:
      'The page every networked game repeats in one call (startNetPage: the canvas and HUD, the room joined with a status line, a bad network from the URL, the switch keys, one loop and the overlay), a frame in its order, a trace of what was drawn, and where the world sits in the canvas, clear of the stats overlay and the HUD.',
    guide: { text: 'Multiplayer', link: '/guide/multiplayer' },
  },
  {
    package: '@loop/net',
    title: 'Serving with Vite',
    blurb:
      "The game server inside Vite's dev server (the page and the server on one URL), the built page served by the game's own server, and a game's commands (start, a cluster over Redis, the load test) in one call.",
    guide: { text: 'Multiplayer', link: '/guide/multiplayer' },
  },
  {
    package: '@loop/net',
    title: 'Testing a game',
    blurb:
      "What a game's own tests need beside a real room: a link that counts what crosses it, and a wait for messages that arrive in their own time.",
  },
  {
    package: '@loop/net',
    title: 'Load test',
    blurb: 'Bots that play a room over real sockets, and the report of what they measured.',
  },
  {
    package: '@loop/net',
    title: 'Rollback sessions',
    blurb:
      "Rollback netcode peer to peer (GGPO's model) on the fixed step: inputs exchanged per tick over one Link per peer, remote inputs predicted and rolled back within the update, input delay from the round trip, frame advantage, leaving and rejoining.",
    guide: { text: 'Rollback netcode peer to peer', link: '/guide/rollback' },
    members: [
      'RollbackSession',
      'RollbackOptions',
      'PlayerStatus',
      'PlayerEvent',
      'SessionState',
      'SessionCounts',
      'Simulation',
      'SimulationCounts',
      'StateHistory',
      'PlayerInputs',
      'chooseDelay',
      'FrameAdvantage',
    ],
  },
  {
    package: '@loop/net',
    title: "The game's side of a rollback",
    blurb:
      'What a game gives a rollback session: its input size, its step, and its state as named typed arrays, or save and load of an opaque state (a Rapier snapshot) with a checksum.',
    guide: { text: 'Rollback netcode peer to peer', link: '/guide/rollback' },
    members: ['RollbackGame', 'StatePart', 'PartArray', 'isOpaque', 'MAX_INPUT_WORDS', 'MAX_PARTS'],
  },
  {
    package: '@loop/net',
    title: 'Finding a desync',
    blurb:
      'Determinism proven and desyncs named: the sync test that steps every tick again and compares, checksums of confirmed ticks only, and a report naming the tick, the part and the item.',
    guide: { text: 'How to find a desync', link: '/guide/rollback#how-to-find-a-desync' },
    members: [
      'SyncTestSession',
      'SyncTestOptions',
      'SyncCheck',
      'DesyncReport',
      'DesyncError',
      'describeDesync',
      'ConfirmedChecksums',
    ],
  },
  {
    package: '@loop/net',
    title: 'Spectators and recordings',
    blurb:
      'Spectators fed confirmed inputs, and a recording of the match that replays bit for bit and names the first tick that differs.',
    guide: { text: 'Rollback netcode peer to peer', link: '/guide/rollback' },
    members: [
      'SpectatorSession',
      'SpectatorOptions',
      'SpectatorFeed',
      'MatchRecorder',
      'replayMatch',
      'ReplayOptions',
    ],
  },
  {
    package: '@loop/net',
    title: 'Peer to peer on the page',
    blurb:
      "A page's seat in a match: a link to every other page over a WebRTC data channel (unreliable, unordered) or the signaling server's relay, each a Link a rollback session runs over.",
    guide: { text: 'Rollback netcode peer to peer', link: '/guide/rollback' },
    members: [
      'joinMatch',
      'PeerMesh',
      'MeshOptions',
      'MeshClose',
      'RelayMode',
      'PeerLink',
      'PeerLinkCounts',
      'Route',
      'SignalPort',
      'resolveMeshOptions',
      'ResolvedMeshOptions',
      'PeerConnectionConstructor',
      'SocketConstructor',
    ],
  },
  {
    package: '@loop/net',
    title: 'Signaling protocol',
    blurb:
      "What the pages and the signaling server say to each other, read strictly: the messages and their fields, the relay's framing, the limits and close codes.",
    members: [
      'ClientMessage',
      'ServerMessage',
      'CLIENT_SPECS',
      'SERVER_SPECS',
      'MessageSpecs',
      'FieldKind',
      'readMessage',
      'Verdict',
      'Refusal',
      'depthWithin',
      'MATCH_ID',
      'MAX_SEATS',
      'DEFAULT_SEATS',
      'RELAY_HEADER_BYTES',
      'DEFAULT_MAX_PACKET_BYTES',
      'DEFAULT_MAX_SIGNAL_BYTES',
      'DEFAULT_MAX_BUFFERED',
      'MAX_CANDIDATE_CHARS',
      'MAX_MID_CHARS',
      'MAX_DEPTH',
      'CLOSE_REFUSED',
      'CLOSE_SEAT_TAKEN',
    ],
  },
  {
    package: '@loop/net',
    title: 'Signaling server',
    blurb:
      'The server that seats pages in matches, forwards their offers, answers and candidates, and relays packets for a pair whose data channel did not open; guarded against strangers (Node, on ws).',
    guide: { text: 'Rollback netcode peer to peer', link: '/guide/rollback' },
  },
];
