/**
 * The game as it was before it had netcode: up to four players on a grid, each moved every fixed
 * step by its input (dx, dy). Integers only, so every end that steps the same inputs reaches the
 * same numbers: the server, the page's prediction, a replay.
 */
export const SEATS = 4;
/** An input is two signed bytes: the step's dx and dy, at most {@link MAX_SPEED} each way. */
export const INPUT_BYTES = 2;
export const MAX_SPEED = 4;

export class World {
  readonly x = new Int32Array(SEATS);
  readonly y = new Int32Array(SEATS);
  readonly present = new Uint8Array(SEATS);
  /** Each seat's input in force, {@link INPUT_BYTES} per seat: it holds until replaced. */
  readonly inputs = new Int8Array(SEATS * INPUT_BYTES);
  tick = 0;

  /** One fixed step: every player moves by its input. */
  step(): void {
    for (let p = 0; p < SEATS; p++) {
      if (this.present[p] !== 1) continue;
      this.x[p] = this.x[p]! + this.inputs[p * INPUT_BYTES]!;
      this.y[p] = this.y[p]! + this.inputs[p * INPUT_BYTES + 1]!;
    }
    this.tick++;
  }

  /** Makes this world the same as `other`, bit for bit. */
  copyFrom(other: World): void {
    this.x.set(other.x);
    this.y.set(other.y);
    this.present.set(other.present);
    this.inputs.set(other.inputs);
    this.tick = other.tick;
  }
}
