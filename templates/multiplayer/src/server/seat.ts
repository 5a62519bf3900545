import type { Client, Room } from '@colyseus/core';
import type { InputQueue } from './input-queue';
import type { Guarded } from './warden';

/** A client in a seat: its player's slot, its pending inputs, what it has cost the room. */
export interface Seat extends Guarded {
  /** The client in the seat: a new one after a reconnection. */
  client: Client;
  readonly slot: number;
  readonly inputs: InputQueue;
  /** Ticks stepped without this client's input (the previous one was held). */
  missed: number;
  /** The tick its connection dropped, while the seat waits for it to reconnect; −1 when here. */
  away: number;
  /** The pending reconnection while away, which the step rejects when the wait is over. */
  reconnection?: ReturnType<Room['allowReconnection']>;
  /** The tick since which its connection has had too much unsent; −1 when it keeps up. */
  slowSince: number;
}

/** What a room has done, for a load test or a dashboard: read, never reset. */
export interface RoomStats {
  /** Steps taken, and the time they took in all (ms) and at the most. */
  ticks: number;
  stepMs: number;
  maxStepMs: number;
  /** Snapshot bytes sent, to all clients together. */
  bytesOut: number;
}
