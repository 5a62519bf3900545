// Hosting: startServer, matchmaking, the creation gate, operators' routes, processes (host/).
export * from './host/index.js';
// Rooms: the fixed-step room on the transport-free driver, the guarded room, the message gate (room/).
export * from './room/index.js';
