import { type FieldKind, MATCH_ID, MAX_SEATS, type MessageSpecs } from './protocol.js';

/**
 * Reads one text frame of the signaling protocol as a stranger's input: the size first, then
 * how deep its JSON nests (counted on the text, before any parse), then the parse, then the
 * exact shape its type names. Never throws: a verdict says what was wrong, so the server can
 * kick with a reason and a page can ignore a frame. The messages are flat (a `joined`'s list of
 * seats is the only nesting), so {@link MAX_DEPTH} is 2 and a body nested 5 000 deep costs one
 * pass over its characters.
 */

/** Objects and arrays a message may nest: the message and one array in it. */
export const MAX_DEPTH = 2;
/** Characters of an ICE candidate line (about 100 in practice). */
export const MAX_CANDIDATE_CHARS = 1024;
/** Characters of a media id (`"0"` in practice). */
export const MAX_MID_CHARS = 32;

/** Why a frame was refused: over the size, nested past {@link MAX_DEPTH}, not a message, or of a type not taken. */
export type Refusal = 'oversize' | 'deep' | 'malformed' | 'unknown';

/** A message of the shape its type names, or why the frame is not one. */
export type Verdict<M> = { ok: true; message: M } | { ok: false; why: Refusal };

/**
 * Whether `text` nests objects and arrays at most `max` deep, counting brackets outside
 * strings (a quote inside a string is escaped, so a backslash skips the next character).
 */
export function depthWithin(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > max) return false;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return true;
}

const isSeat = (value: unknown): boolean =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) < MAX_SEATS;

/** Whether `value` is what a field of `kind` may hold. */
function fits(kind: FieldKind, value: unknown): boolean {
  switch (kind) {
    case 'seat':
      return isSeat(value);
    case 'match':
      return typeof value === 'string' && MATCH_ID.test(value);
    case 'sdp':
      return typeof value === 'string' && value.length > 0;
    case 'candidate':
      return typeof value === 'string' && value.length <= MAX_CANDIDATE_CHARS;
    case 'mid':
      return value === null || (typeof value === 'string' && value.length <= MAX_MID_CHARS);
    case 'seats':
      return Array.isArray(value) && value.length <= MAX_SEATS && value.every(isSeat);
  }
}

/**
 * `text` as a message of one of `specs`' types, with exactly that type's fields, or the
 * refusal: `oversize` past `maxChars`, `deep`, `malformed` (not JSON, not an object, a field
 * missing, extra or of the wrong kind), `unknown` (a `t` that names no type here).
 */
export function readMessage<M>(text: string, specs: MessageSpecs, maxChars: number): Verdict<M> {
  if (text.length > maxChars) return { ok: false, why: 'oversize' };
  if (!depthWithin(text, MAX_DEPTH)) return { ok: false, why: 'deep' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, why: 'malformed' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, why: 'malformed' };
  }
  const record = value as Record<string, unknown>;
  const type = record.t;
  if (typeof type !== 'string') return { ok: false, why: 'malformed' };
  if (!Object.hasOwn(specs, type)) return { ok: false, why: 'unknown' };
  const spec = specs[type]!;
  const keys = Object.keys(record);
  if (keys.length !== Object.keys(spec).length + 1) return { ok: false, why: 'malformed' };
  for (const key of keys) {
    if (key === 't') continue;
    if (!Object.hasOwn(spec, key) || !fits(spec[key]!, record[key])) {
      return { ok: false, why: 'malformed' };
    }
  }
  return { ok: true, message: record as M };
}
