import { styleText } from 'node:util';

type Style = Parameters<typeof styleText>[0];

/**
 * Colours `text` with node:util `styleText` when `stream` is a terminal that wants colour
 * (`hasColors()` honours NO_COLOR, FORCE_COLOR and TERM=dumb), and returns it bare otherwise.
 *
 * Why not call styleText directly: on Node 20 it always emits escape codes, which would end up
 * in piped output and log files; and no colour library is worth a runtime dependency here.
 */
export function paint(
  style: Style,
  text: string,
  stream: NodeJS.WriteStream = process.stdout,
): string {
  return stream.isTTY && stream.hasColors?.() ? styleText(style, text) : text;
}
