import { show } from '../show.js';

/**
 * What a snapshot holds, declared once by the game: a name and a length per field, each a flat
 * typed array (positions as x, y, z, x, y, z…; orientations as x, y, z, w…). A number is a
 * `Float32Array` of that length (what a GPU takes, and half the bytes to copy); `{ length,
 * type: 'f64' }` keeps full precision for a figure that needs it.
 *
 * @example
 * const layout = { positions: 3 * bodies, orientations: 4 * bodies, score: { length: 1, type: 'f64' } };
 */
export type SnapshotLayout = Readonly<Record<string, number | FieldSpec>>;

/** A field of a {@link SnapshotLayout} in full. */
export interface FieldSpec {
  /** Numbers in the field. */
  readonly length: number;
  /** `f32` (the default) or `f64`. */
  readonly type?: 'f32' | 'f64';
}

/** The typed array a field of layout `L` becomes. */
export type Fields<L extends SnapshotLayout> = {
  readonly [K in keyof L]: L[K] extends { type: 'f64' } ? Float64Array : Float32Array;
};

/** Numbers in a slot's header: tick, time, publishedAt, timeScale, inputSeq, stepMs, buffers. */
export const HEADER = 8;
/** Index of each header figure. */
export const TICK = 0;
export const TIME = 1;
export const PUBLISHED_AT = 2;
export const SCALE = 3;
export const INPUT_SEQ = 4;
export const STEP_MS = 5;
/** Buffers the worker's end of the snapshot transport had made when it published. */
export const BUFFERS = 6;

/** Where each field sits in a slot: a byte offset in the previous half and its type. */
interface PlannedField {
  readonly name: string;
  readonly offset: number;
  readonly length: number;
  readonly f64: boolean;
}

/**
 * A layout worked out into bytes: a slot is the header, then every field of the previous
 * state, then every field of the current one, each field on an 8-byte boundary so any typed
 * array can view it. Both threads plan the same layout, so they agree on every offset.
 */
export interface SlotPlan {
  readonly fields: readonly PlannedField[];
  /** Bytes of one state (all fields). */
  readonly stateBytes: number;
  /** Bytes of a slot: header and two states. */
  readonly slotBytes: number;
}

/** Checks a layout and works out its slot (a RangeError names a bad field). */
export function planSlot(layout: SnapshotLayout): SlotPlan {
  if (typeof layout !== 'object' || layout === null) {
    throw new TypeError(`worker loop option snapshot must be an object, got ${show(layout)}`);
  }
  const fields: PlannedField[] = [];
  let offset = 0;
  for (const name of Object.keys(layout)) {
    const spec = layout[name];
    const length = typeof spec === 'number' ? spec : spec?.length;
    const type = (spec as FieldSpec | null | undefined)?.type ?? 'f32'; // a number has none
    if (!Number.isInteger(length) || (length as number) < 1) {
      throw new RangeError(
        `snapshot field ${name} must have a whole length >= 1, got ${show(length)}`,
      );
    }
    if (type !== 'f32' && type !== 'f64') {
      throw new RangeError(`snapshot field ${name} type must be 'f32' or 'f64', got ${show(type)}`);
    }
    const f64 = type === 'f64';
    fields.push({ name, offset, length: length as number, f64 });
    offset += Math.ceil(((length as number) * (f64 ? 8 : 4)) / 8) * 8;
  }
  if (fields.length === 0) throw new RangeError('worker loop option snapshot declares no field');
  return { fields, stateBytes: offset, slotBytes: HEADER * 8 + 2 * offset };
}

/** One slot seen through typed arrays: its header and the two states. Made once per buffer. */
export interface SlotView<L extends SnapshotLayout = SnapshotLayout> {
  /** The whole slot as bytes: what the page copies into the snapshot it draws from. */
  readonly bytes: Uint8Array;
  readonly header: Float64Array;
  readonly prev: Fields<L>;
  readonly curr: Fields<L>;
}

function stateAt(
  plan: SlotPlan,
  buffer: ArrayBufferLike,
  base: number,
): Record<string, Float32Array | Float64Array> {
  const state: Record<string, Float32Array | Float64Array> = {};
  for (const f of plan.fields) {
    state[f.name] = f.f64
      ? new Float64Array(buffer, base + f.offset, f.length)
      : new Float32Array(buffer, base + f.offset, f.length);
  }
  return state;
}

/** The views of the slot at byte `at` of `buffer`. */
export function viewSlot<L extends SnapshotLayout>(
  plan: SlotPlan,
  buffer: ArrayBufferLike,
  at = 0,
): SlotView<L> {
  const states = at + HEADER * 8;
  return {
    bytes: new Uint8Array(buffer, at, plan.slotBytes),
    header: new Float64Array(buffer, at, HEADER),
    prev: stateAt(plan, buffer, states) as Fields<L>,
    curr: stateAt(plan, buffer, states + plan.stateBytes) as Fields<L>,
  };
}
