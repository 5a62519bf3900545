import { defineWire } from '@loop/net';
import { TICK_RATE } from './arena';
import { INPUT_BYTES, writeInput } from './input';
import { SNAPSHOT_BODY_BYTES } from './snapshot';

/**
 * The arena's wire, declared once from its layout: 3-byte inputs (input.ts), 60 ticks a second,
 * the snapshot body of snapshot.ts. Message types, the input message with its redundant inputs,
 * pings and close codes are `@loop/net`'s; every input read off the wire is clamped into the
 * game's range as the server's simulation expects it.
 */
export const wire = defineWire({
  inputBytes: INPUT_BYTES,
  tickRate: TICK_RATE,
  snapshotBodyBytes: SNAPSHOT_BODY_BYTES,
  sanitizeInput: (inputs, at) =>
    writeInput(inputs, at, inputs[at]!, inputs[at + 1]!, inputs[at + 2]!),
});
