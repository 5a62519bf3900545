import type { LoopState } from '../options.js';
import { INPUT_SEQ, type InputView } from './protocol.js';
import type { SlotWriter } from './transport.js';

/** True where `a` and `b` differ in any number (NaN never equal: sent again, harmlessly). */
function differs(a: Float64Array, b: Float64Array): boolean {
  // Stryker disable next-line EqualityOperator: `i <= a.length` runs one more round, past the end of both (a and b are always the same length), comparing undefined with undefined (equivalent); `i >= a.length` runs none and sends no input (the worker tests kill it)
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return true;
  return false;
}

/**
 * The page's input, as its frames' `begin` hook: `sample` fills the words each frame, and they
 * are sent, numbered, only when they changed, so a held key costs nothing and the worker's next
 * step applies the newest input.
 */
export function inputSender(
  sample: (input: Float64Array, loop: LoopState) => void,
  inputs: SlotWriter<InputView>,
  length: number,
): (now: number, loop: LoopState) => void {
  const sampled = new Float64Array(length);
  const sent = new Float64Array(length);
  let seq = 0;
  return (_now, state) => {
    sample(sampled, state);
    if (!differs(sampled, sent)) return;
    sent.set(sampled);
    const back = inputs.back;
    back.words.set(sampled);
    back.header[INPUT_SEQ] = ++seq;
    inputs.publish();
  };
}
