/**
 * Join options are a stranger's JSON: checked before any room is found or made, so a bad one
 * costs its request a clear refusal and the server nothing. Only the keys a room names are
 * taken, each through its own check of a plain value; nothing here walks into what a client
 * nested, so a body nested 5 000 deep is refused at its first key like any other.
 */

/** Checks one option's value: undefined when it is good, else what is wrong (sent to the client). */
export type OptionCheck = (value: unknown) => string | undefined;

/** The join options a room takes: each key with its check. `{}`: the room takes none. */
export type OptionSpec = Readonly<Record<string, OptionCheck>>;

/** Keys an options object may have at most, whatever the spec: the refusal then reads no further. */
export const MAX_OPTION_KEYS = 32;
/** Characters of a refused key shown back in the refusal. */
const SHOWN = 40;

/** A key or value as the refusal shows it: JSON, cut to {@link SHOWN} characters. */
function shown(value: string): string {
  const text = JSON.stringify(value);
  return text.length > SHOWN ? `${text.slice(0, SHOWN)}…` : text;
}

/**
 * Why `options` may not join a room that takes `spec`, or undefined when they may. Absent
 * options (undefined, null) are none; anything else must be a plain object (not an array, no
 * prototype of its own) with at most {@link MAX_OPTION_KEYS} keys, each named in `spec` and
 * passing its check.
 */
export function checkJoinOptions(options: unknown, spec: OptionSpec): string | undefined {
  if (options === undefined || options === null) return undefined;
  if (typeof options !== 'object' || Array.isArray(options))
    return 'join options must be an object';
  const proto = Object.getPrototypeOf(options);
  if (proto !== Object.prototype && proto !== null) return 'join options must be a plain object';
  const keys = Object.keys(options);
  if (keys.length > MAX_OPTION_KEYS) {
    return `join options may have at most ${MAX_OPTION_KEYS} keys, got ${keys.length}`;
  }
  for (const key of keys) {
    if (!Object.hasOwn(spec, key)) return `join option ${shown(key)} is not one this room takes`;
    const problem = spec[key]!((options as Record<string, unknown>)[key]);
    if (problem !== undefined) return `join option ${shown(key)} ${problem}`;
  }
  return undefined;
}

/** A check for a string of at most `max` characters. */
export function optionString(max: number): OptionCheck {
  return (value) =>
    typeof value === 'string' && value.length <= max
      ? undefined
      : `must be a string of at most ${max} characters`;
}

/** A check for an integer from `min` to `max`. */
export function optionInteger(min: number, max: number): OptionCheck {
  return (value) =>
    Number.isInteger(value) && (value as number) >= min && (value as number) <= max
      ? undefined
      : `must be an integer from ${min} to ${max}`;
}
