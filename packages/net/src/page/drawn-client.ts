import { lerpArray, type SampleKind } from '@loop/core';
import type { Link } from '../link/link.js';
import { NetClient, type NetClientOptions } from './net-client.js';

/** What a {@link DrawnClient} adds to a NetClient's options: the layout of its frames. */
export interface DrawnClientOptions<S> extends NetClientOptions<S> {
  /** Numbers per entity in a frame, x and y first (`frameSize` is entities × stride). */
  stride: number;
  /**
   * Where in a seat's numbers its presence flag sits (1 in the game, 0 not), when the game has
   * one: a seat whose presence differs between the two frames blended is drawn as the newer
   * shows it, not slid in from 0, 0. Seats are the model's first `seats` entities.
   */
  presence?: number;
}

function index(name: string, value: number, below: number): number {
  if (!Number.isInteger(value) || value < 0 || value >= below) {
    throw new RangeError(`${name} must be an integer from 0 to ${below - 1}, got ${String(value)}`);
  }
  return value;
}

/**
 * A {@link NetClient} that fills what a page draws, `drawn`, in the layout of its frames: every
 * entity blended between the two snapshots around the render time, a seat that joined or left
 * in between as the newer snapshot has it, and the local player at its prediction (blended
 * between its last two steps, plus the fading correction). What every game that draws
 * positions repeats; a game keeps its frame's layout and its own extra numbers (a colour, an
 * angle), blended the same way. Nothing is allocated per draw.
 */
export class DrawnClient<S> extends NetClient<S> {
  /** What to draw after {@link draw}: each entity's `stride` numbers, x and y first. */
  readonly drawn: Float64Array;
  /** Numbers per entity in {@link drawn} (the option `stride`). */
  readonly stride: number;
  readonly #presence: number | undefined;
  readonly #seats: number;

  constructor(link: Link, options: DrawnClientOptions<S>) {
    super(link, options);
    const stride = options.stride;
    if (!Number.isInteger(stride) || stride < 2 || options.frameSize % stride !== 0) {
      throw new RangeError(
        `stride must be an integer of 2 or more dividing frameSize (${options.frameSize}), got ${String(stride)}`,
      );
    }
    this.stride = stride;
    this.#presence =
      options.presence === undefined ? undefined : index('presence', options.presence, stride);
    this.#seats = options.model.seats;
    this.drawn = new Float64Array(options.frameSize);
  }

  /**
   * Once a frame, after {@link update}: samples the buffer (NetClient's draw) and fills
   * {@link drawn}; nothing before the clock is synced, and the prediction only when `predict`.
   */
  override draw(now = this.now()): SampleKind {
    const kind = super.draw(now);
    if (!this.clock.synced) return kind;
    const { older, newer, t } = this.buffer;
    const stride = this.stride;
    // An empty buffer (none yet, or cleared) leaves drawn as it was: its frames are forgotten.
    if (kind !== 'empty') lerpArray(this.drawn, older, newer, t);
    const presence = this.#presence;
    if (presence !== undefined) {
      for (let e = 0; e < this.#seats; e++) {
        const at = e * stride;
        if (older[at + presence] === newer[at + presence]) continue;
        for (let k = 0; k < stride; k++) this.drawn[at + k] = newer[at + k]!;
      }
    }
    const d = this.predictor.slot * stride;
    if (this.drawPredicted(this.drawn, d, now) && presence !== undefined)
      this.drawn[d + presence] = 1;
    return kind;
  }
}
