/**
 * A value as an error message shows it: strings quoted, so the string "16" does not read like
 * the number 16, and objects named rather than printed.
 */
export function show(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  return typeof value === 'object' && value !== null ? 'an object' : String(value);
}
