/**
 * A stand-in game for the load test's own tests: a wire of 2-byte inputs at 30 ticks a second
 * and a room that speaks it (a snapshot frame every tick, stamped with each client's newest
 * input), listed for the operators' /stats. Test support, not code under test.
 */
import { type Client, Room } from '@colyseus/core';
import type { OperatorSource, RoomLoad } from '../colyseus/host/operator-route.js';
import { defineWire } from '../wire/define-wire.js';
import { MSG_INPUT, MSG_SNAPSHOT } from '../wire/messages.js';
import type { BenchGame } from './bot.js';

/** The stand-in's wire: 2-byte inputs, 30 ticks a second, a 4-byte body. */
export const wire = defineWire({ inputBytes: 2, tickRate: 30, snapshotBodyBytes: 4 });

/** The stand-in as the load test sees it: its wire, and a bot's input per tick. */
export const benchGame: BenchGame = {
  wire,
  steer(inputs, at, tick, seed) {
    inputs[at] = seed & 0x7f;
    inputs[at + 1] = tick & 0x7f;
  },
};

/** Seats in a {@link WireRoom}. */
export const SEATS = 4;

/** A room that steps at the wire's rate and sends each client a snapshot every tick. */
export class WireRoom extends Room {
  static readonly live = new Set<WireRoom>();
  readonly load = { ticks: 0, stepMs: 0, maxStepMs: 0, bytesOut: 0, droppedMs: 0 };
  readonly #frame = wire.createSnapshotFrame();
  readonly #newest = new Map<string, number>();

  override onCreate(): void {
    this.maxClients = SEATS;
    WireRoom.live.add(this);
    this.onMessage(MSG_INPUT, (client: Client, message: unknown) => {
      if (wire.checkInputMessage(message) !== 'ok') return;
      const tick = wire.newestTickOf(message as Uint8Array);
      if (tick > (this.#newest.get(client.sessionId) ?? -1))
        this.#newest.set(client.sessionId, tick);
    });
    this.setSimulationInterval(() => this.#step(), wire.timestepMs);
  }

  #step(): void {
    const started = performance.now();
    const tick = ++this.load.ticks;
    this.#frame.begin(tick);
    this.clients.forEach((client, slot) => {
      const bytes = this.#frame.stamp(this.#newest.get(client.sessionId) ?? -1, 0, slot);
      client.sendBytes(MSG_SNAPSHOT, bytes);
      this.load.bytesOut += bytes.byteLength;
    });
    const took = performance.now() - started;
    this.load.stepMs += took;
    this.load.maxStepMs = Math.max(this.load.maxStepMs, took);
  }

  override onDispose(): void {
    WireRoom.live.delete(this);
  }
}

/** The operators' view of the live {@link WireRoom}s. */
export const wireRooms: OperatorSource = {
  *rooms(): Iterable<RoomLoad> {
    for (const room of WireRoom.live) {
      yield { roomId: room.roomId, clients: room.clients.length, ...room.load };
    }
  },
  recording: () => undefined,
};
