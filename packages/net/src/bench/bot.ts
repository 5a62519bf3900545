import type { Room } from 'colyseus.js';
import type { Wire } from '../wire/define-wire.js';
import { MSG_INPUT, MSG_SNAPSHOT } from '../wire/messages.js';
import type { SnapshotFrame, SnapshotHeader } from '../wire/snapshot-frame.js';

/** Ticks a bot's inputs run ahead of the server's tick, as a page's lead does. */
const LEAD = 4;
/** Input send times kept, by tick. */
const RING = 256;

/**
 * What the load test needs of a game: its wire (input size, tick rate, snapshot size: see
 * `defineWire`) and how a bot steers. The bots know nothing else of the game: they read each
 * snapshot's framing header, never its body.
 */
export interface BenchGame {
  readonly wire: Wire;
  /**
   * Writes the bot's input for `tick` into `inputs` at `at` (`wire.inputBytes` long): something
   * that keeps the simulation busy, such as a stick turning in a slow circle so bodies meet.
   * `seed` differs per bot. Called once per tick per bot: it must not allocate.
   */
  steer(inputs: Int8Array, at: number, tick: number, seed: number): void;
}

/**
 * A headless player for the load test: a real colyseus.js client that sends an input message
 * per tick it steps (numbered, with every unacknowledged input, as a page does) and reads
 * snapshots' headers, without predicting or drawing, so a few hundred fit in one process beside
 * the servers. It measures what its player would feel: bytes received, and the time from
 * sending an input to the first snapshot whose tick includes it (the end-to-end latency, lead
 * included).
 */
export class Bot {
  /** Snapshot bytes and snapshots received. */
  bytesIn = 0;
  snapshots = 0;
  /** Input-to-snapshot latencies measured, in ms (one per snapshot). */
  readonly latencies: number[] = [];
  readonly #game: BenchGame;
  readonly #frame: SnapshotFrame;
  readonly #header: SnapshotHeader = { tick: 0, ack: -1, missed: 0, slot: 0 };
  readonly #sentAt = new Float64Array(RING);
  readonly #inputs: Int8Array;
  readonly #message: Uint8Array;
  /** A view of the message per count of inputs, made once. */
  readonly #views: Uint8Array[];
  #serverTick = -1;
  #seenAt = 0;
  #sent = -1;
  #first = -1;
  #ack = -1;
  readonly #seed: number;

  constructor(
    readonly room: Room,
    readonly now: () => number,
    seed: number,
    game: BenchGame,
  ) {
    this.#game = game;
    this.#seed = seed;
    const { wire } = game;
    this.#frame = wire.createSnapshotFrame();
    this.#inputs = new Int8Array(wire.maxInputsPerMessage * wire.inputBytes);
    this.#message = new Uint8Array(wire.maxInputMessageBytes);
    this.#views = Array.from({ length: wire.maxInputsPerMessage + 1 }, (_, n) =>
      this.#message.subarray(0, wire.inputMessageBytes(n)),
    );
    room.onMessage(MSG_SNAPSHOT, (bytes: Uint8Array) => this.#snapshot(bytes));
  }

  /** Sends the inputs of every tick due by now (none before the first snapshot). */
  tick(): void {
    if (this.#serverTick < 0) return;
    const { wire } = this.#game;
    const now = this.now();
    const target = Math.floor(this.#serverTick + (now - this.#seenAt) / wire.timestepMs) + LEAD;
    if (target <= this.#sent) return;
    if (this.#sent < 0) {
      this.#sent = target - 1;
      this.#first = target;
    }
    const n = wire.inputBytes;
    for (let t = this.#sent + 1; t <= target; t++) {
      this.#inputs.copyWithin(0, n); // oldest out, newest last
      this.#game.steer(this.#inputs, this.#inputs.length - n, t, this.#seed);
      this.#sentAt[t % RING] = now;
    }
    this.#sent = target;
    const count = Math.max(1, Math.min(wire.maxInputsPerMessage, target - this.#ack));
    wire.writeInputMessage(this.#message, target, this.#inputs, count);
    this.room.sendBytes(MSG_INPUT, this.#views[count]!);
  }

  #snapshot(bytes: Uint8Array): void {
    if (!this.#frame.read(bytes, this.#header)) return;
    const now = this.now();
    this.bytesIn += bytes.byteLength;
    this.snapshots++;
    this.#serverTick = this.#header.tick;
    this.#seenAt = now;
    if (this.#header.ack > this.#ack) this.#ack = this.#header.ack;
    // The newest input this snapshot's state includes, and how long ago it was sent.
    const reflected = Math.min(this.#header.tick, this.#sent);
    const known = this.#first >= 0 && reflected >= this.#first && this.#sent - reflected < RING;
    if (known && this.#ack >= reflected) {
      this.latencies.push(now - this.#sentAt[reflected % RING]!);
    }
  }
}
