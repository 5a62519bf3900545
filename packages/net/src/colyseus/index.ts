export {};
// Hosting: startServer, matchmaking, the creation gate, operators' routes, processes (host/).
export * from './host/index.js';
