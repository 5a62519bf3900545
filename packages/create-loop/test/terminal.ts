import { syncBuiltinESMExports } from 'node:module';
import { PassThrough } from 'node:stream';

export const ENTER = '\r';
export const DOWN = '\u001b[B';
export const CTRL_C = '\u0003';

/** One step of a prompt session: once `prompt` shows, type `keys`. */
export interface Step {
  prompt: string;
  keys: string[];
}

/**
 * The real @clack/prompts, driven through stand-ins for the terminal: process.stdin and
 * process.stdout are swapped for streams (clack reads both from node:process, whose bindings
 * syncBuiltinESMExports updates) and each step's keys are typed once its prompt is drawn.
 * `tty`: stdin says it is a terminal, as create-loop checks before it asks.
 * Returns what was drawn.
 */
export function terminal(steps: Step[], options: { tty?: boolean } = {}) {
  const input = new PassThrough();
  if (options.tty) {
    // What clack and create-loop read of a terminal: that it is one, and its raw mode.
    Object.assign(input, { isTTY: true, setRawMode: () => input });
  }
  const output = new PassThrough();
  let drawn = '';
  let seen = 0;
  const pending = [...steps];
  output.on('data', (chunk: Buffer) => {
    drawn += chunk.toString();
    const next = pending[0];
    if (next === undefined) return;
    const at = drawn.indexOf(next.prompt, seen);
    if (at < 0) return;
    seen = at + next.prompt.length;
    pending.shift();
    setImmediate(() => {
      for (const key of next.keys) input.write(key);
    });
  });
  const saved = {
    stdin: Object.getOwnPropertyDescriptor(process, 'stdin')!,
    stdout: Object.getOwnPropertyDescriptor(process, 'stdout')!,
  };
  Object.defineProperty(process, 'stdin', { value: input, configurable: true });
  Object.defineProperty(process, 'stdout', { value: output, configurable: true, writable: true });
  syncBuiltinESMExports();
  return {
    drawn: () => drawn,
    left: () => pending.map((step) => step.prompt),
    /** Types `keys` now, whatever is drawn. */
    type(...keys: string[]) {
      for (const key of keys) input.write(key);
    },
    restore() {
      Object.defineProperty(process, 'stdin', saved.stdin);
      Object.defineProperty(process, 'stdout', saved.stdout);
      syncBuiltinESMExports();
    },
  };
}
