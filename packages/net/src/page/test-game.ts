import { SNAPSHOT_HEADER_BYTES, SnapshotFrame } from '../wire/snapshot-frame.js';
import type { PredictionModel } from './predictor.js';

/**
 * Test support (not shipped): a small deterministic game for the page side's tests. Four seats
 * and one crate at rest, each with x, y, vx, vy on a 1/16 grid; an input is three Int8 (stick
 * x, stick y, a boost bit). Walls at 0 and 1000 bounce. Exact in a Float64 snapshot body.
 */
export const SEATS = 4;
export const INPUT_BYTES = 3;
export const STRIDE = 4;
/** The crate's entity: after the seats, moved by no input. */
export const CRATE = SEATS;
const ENTITIES = SEATS + 1;
const grid = (v: number) => Math.round(v * 16) / 16 + 0;

/** The toy game's state. */
export class ToyWorld {
  readonly state = new Float64Array(ENTITIES * STRIDE);
  readonly inputs = new Int8Array(SEATS * INPUT_BYTES);
  tick = 0;

  constructor(seed = 1) {
    for (let e = 0; e < ENTITIES; e++)
      this.state.set([100 + ((seed * 37 + e * 150) % 800), 500, 0, 0], e * STRIDE);
  }

  copyFrom(other: ToyWorld): void {
    this.state.set(other.state);
    this.inputs.set(other.inputs);
    this.tick = other.tick;
  }

  step(): void {
    for (let e = 0; e < ENTITIES; e++) {
      const s = e * STRIDE;
      for (let axis = 0; axis < 2; axis++) {
        const push =
          e < SEATS
            ? this.inputs[e * INPUT_BYTES + axis]! * (this.inputs[e * INPUT_BYTES + 2]! & 1 ? 6 : 4)
            : 0;
        let v = grid(this.state[s + 2 + axis]! * 0.875 + push / 16);
        let p = grid(this.state[s + axis]! + v / 16);
        if (p < 0 || p > 1000) {
          p = Math.min(1000, Math.max(0, p));
          v = -v;
        }
        this.state[s + axis] = p;
        this.state[s + 2 + axis] = v;
      }
    }
    this.tick++;
  }
}

/** The toy game as a {@link PredictionModel}. */
export const toyModel: PredictionModel<ToyWorld> = {
  inputBytes: INPUT_BYTES,
  seats: SEATS,
  positionSize: 2,
  create: () => new ToyWorld(),
  copy: (out, from) => out.copyFrom(from),
  tickOf: (w) => w.tick,
  step: (w) => w.step(),
  setInput: (w, slot, input, at) => {
    for (let k = 0; k < INPUT_BYTES; k++) w.inputs[slot * INPUT_BYTES + k] = input[at + k]!;
  },
  position: (w, slot, out, at) => {
    out[at] = w.state[slot * STRIDE]!;
    out[at + 1] = w.state[slot * STRIDE + 1]!;
  },
};

/** A world's whole state, comparable bit for bit with `toEqual`. */
export function bits(w: ToyWorld): unknown {
  return { state: new Uint8Array(w.state.buffer.slice(0)), inputs: [...w.inputs], tick: w.tick };
}

/** Bytes of the toy snapshot's body: inputs, then the state as Float64. */
export const BODY_BYTES = SEATS * INPUT_BYTES + ENTITIES * STRIDE * 8;

/** Encodes `w` into `frame` (its tick in the header, the rest in the body). */
export function encodeToy(frame: SnapshotFrame, w: ToyWorld): Uint8Array {
  const v = frame.begin(w.tick);
  for (let i = 0; i < w.inputs.length; i++) v.setInt8(SNAPSHOT_HEADER_BYTES + i, w.inputs[i]!);
  const at = SNAPSHOT_HEADER_BYTES + w.inputs.length;
  for (let i = 0; i < w.state.length; i++) v.setFloat64(at + i * 8, w.state[i]!, true);
  return frame.bytes;
}

/** Decodes the body of the snapshot last read by `frame` into `w`, at tick `tick`. */
export function decodeToy(frame: SnapshotFrame, w: ToyWorld, tick: number): void {
  const v = frame.view;
  for (let i = 0; i < w.inputs.length; i++) w.inputs[i] = v.getInt8(SNAPSHOT_HEADER_BYTES + i);
  const at = SNAPSHOT_HEADER_BYTES + w.inputs.length;
  for (let i = 0; i < w.state.length; i++) w.state[i] = v.getFloat64(at + i * 8, true);
  w.tick = tick;
}

/** Writes a clamped input (stick ±127, the boost bit) into `out` at `at`. */
export function writeToyInput(
  out: Int8Array,
  at: number,
  x: number,
  y: number,
  buttons: number,
): void {
  out[at] = Math.max(-127, Math.min(127, x));
  out[at + 1] = Math.max(-127, Math.min(127, y));
  out[at + 2] = buttons & 1;
}

export { SnapshotFrame };
