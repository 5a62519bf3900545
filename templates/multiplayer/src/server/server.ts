import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { arenaRoom } from './arena-room';
import type { ArenaConfig } from './config';

/** Options of {@link startServer}. */
export interface StartOptions {
  /** TCP port; 0 (the default) picks a free one, which tests want. */
  port?: number;
  /** Interface to listen on. Default 127.0.0.1: reachable from this machine only. */
  host?: string;
  /** Settings of every arena room. */
  arena?: ArenaConfig;
}

/** A running game server. */
export interface GameServer {
  readonly server: Server;
  /** The port it listens on (the one picked when asked for 0). */
  readonly port: number;
  /** Closes every room and the port; resolves when done. Leaves the process running. */
  stop(): Promise<void>;
}

/**
 * Starts Colyseus with the arena room (`'arena'`) over WebSockets. One per process: Colyseus's
 * matchmaker is a module-level singleton. Graceful shutdown on signals is left to the caller,
 * so a test process is never exited by the server.
 */
export async function startServer(options: StartOptions = {}): Promise<GameServer> {
  const http = createServer();
  const server = new Server({
    transport: new WebSocketTransport({ server: http }),
    greet: false,
    gracefullyShutdown: false,
  });
  server.define('arena', arenaRoom(options.arena));
  await server.listen(options.port ?? 0, options.host ?? '127.0.0.1');
  const { port } = http.address() as AddressInfo;
  return { server, port, stop: () => server.gracefullyShutdown(false) };
}
