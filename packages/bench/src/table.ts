/**
 * Plain-text tables for the bench output: a title, a header row and aligned columns (text
 * left, figures right), readable in a terminal and pasteable into a pull request.
 */

/** A cell: text, or a number already formatted by the caller. */
export type Cell = string;

/** Formats `rows` under `headers`; the first column is left-aligned, the rest right-aligned. */
export function table(title: string, headers: readonly Cell[], rows: readonly Cell[][]): string {
  const widths = headers.map((h, c) => Math.max(h.length, ...rows.map((r) => (r[c] ?? '').length)));
  const line = (cells: readonly Cell[]) =>
    cells
      .map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!)))
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [`\n${title}`, line(headers), rule, ...rows.map(line)].join('\n');
}

/** A number with `digits` decimals. */
export function fixed(value: number, digits = 1): string {
  return Number.isFinite(value) ? value.toFixed(digits) : String(value);
}

/** A small figure that may be 0 or tiny: fixed decimals, or exponent form below 0.001. */
export function small(value: number): string {
  if (value === 0) return '0';
  return Math.abs(value) < 1e-3 ? value.toExponential(1) : value.toFixed(3);
}
