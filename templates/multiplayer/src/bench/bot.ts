import type { Room } from 'colyseus.js';
import { TIMESTEP_MS } from '../shared/arena';
import { INPUT_BYTES, STICK_MAX } from '../shared/input';
import {
  INPUT_HEADER_BYTES,
  MAX_INPUT_MESSAGE_BYTES,
  MAX_INPUTS_PER_MESSAGE,
  MSG_INPUT,
  MSG_SNAPSHOT,
  writeInputMessage,
} from '../shared/protocol';
import { SnapshotCodec, type SnapshotHeader } from '../shared/snapshot';
import { World } from '../shared/world';

/** Ticks a bot's inputs run ahead of the server's tick, as a page's lead does. */
const LEAD = 4;
/** Input send times kept, by tick. */
const RING = 256;

/**
 * A headless player for the load test: a real colyseus.js client that sends an input message
 * per tick it steps (numbered, with every unacknowledged input, as the page does) and reads
 * snapshots, without predicting or drawing, so a few hundred fit in one process beside the
 * servers. It steers in a slow circle so bodies meet. It measures what its player would feel:
 * bytes received, and the time from sending an input to the first snapshot whose tick
 * includes it (the end-to-end latency, lead included).
 */
export class Bot {
  /** Snapshot bytes and snapshots received. */
  bytesIn = 0;
  snapshots = 0;
  /** Input-to-snapshot latencies measured, in ms (one per snapshot). */
  readonly latencies: number[] = [];
  readonly #codec = new SnapshotCodec();
  readonly #world = new World();
  readonly #header: SnapshotHeader = { tick: 0, ack: -1, missed: 0, slot: 0 };
  readonly #sentAt = new Float64Array(RING);
  readonly #inputs = new Int8Array(MAX_INPUTS_PER_MESSAGE * INPUT_BYTES);
  readonly #message = new Uint8Array(MAX_INPUT_MESSAGE_BYTES);
  /** A view of the message per count of inputs, made once. */
  readonly #views = Array.from({ length: MAX_INPUTS_PER_MESSAGE + 1 }, (_, n) =>
    this.#message.subarray(0, INPUT_HEADER_BYTES + n * INPUT_BYTES),
  );
  #serverTick = -1;
  #seenAt = 0;
  #sent = -1;
  #first = -1;
  #ack = -1;
  #phase: number;

  constructor(
    readonly room: Room,
    readonly now: () => number,
    seed: number,
  ) {
    this.#phase = seed;
    room.onMessage(MSG_SNAPSHOT, (bytes: Uint8Array) => this.#snapshot(bytes));
  }

  /** Sends the inputs of every tick due by now (none before the first snapshot). */
  tick(): void {
    if (this.#serverTick < 0) return;
    const now = this.now();
    const target = Math.floor(this.#serverTick + (now - this.#seenAt) / TIMESTEP_MS) + LEAD;
    if (target <= this.#sent) return;
    if (this.#sent < 0) {
      this.#sent = target - 1;
      this.#first = target;
    }
    for (let t = this.#sent + 1; t <= target; t++) {
      this.#inputs.copyWithin(0, INPUT_BYTES); // oldest out, newest last
      const angle = this.#phase + t / 90;
      const at = this.#inputs.length - INPUT_BYTES;
      this.#inputs[at] = Math.round(Math.cos(angle) * STICK_MAX);
      this.#inputs[at + 1] = Math.round(Math.sin(angle) * STICK_MAX);
      this.#inputs[at + 2] = 0;
      this.#sentAt[t % RING] = now;
    }
    this.#sent = target;
    const count = Math.max(1, Math.min(MAX_INPUTS_PER_MESSAGE, target - this.#ack));
    writeInputMessage(this.#message, target, this.#inputs, count);
    this.room.sendBytes(MSG_INPUT, this.#views[count]!);
  }

  #snapshot(bytes: Uint8Array): void {
    if (!this.#codec.decode(bytes, this.#world, this.#header)) return;
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
