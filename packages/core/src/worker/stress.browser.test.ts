import { describe, expect, it } from 'vitest';
import { intact, stressView } from '../test-support/stress.js';
import {
  MessageReader,
  type SlotReader,
  sharedMemory,
  sharedReader,
  type Transport,
} from './transport.js';

/** 100 000 snapshots of 64 KB each (16 384 float32 numbers and a 16-byte header). */
const COUNT = 100_000;
const FLOATS = 16_384;
const BYTES = 16 + FLOATS * 4;

/** Busy-waits `ms`: the page's main thread blocked, as by a long task. */
function block(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) {}
}

/** Yields to the page's event loop (a message task, not a clamped timer). */
function pause(): Promise<void> {
  const { port1, port2 } = new MessageChannel();
  return new Promise((resolve) => {
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(0);
  });
}

interface Tally {
  reads: number;
  torn: number;
  outOfOrder: number;
  last: number;
}

/**
 * A real worker publishes COUNT snapshots as fast as it can while this page reads as fast as
 * it can, blocking itself for 30 ms out of every 60 (page busy, then idle). Every read is
 * checked whole: numbers from the tick in its header, checksum equal, tick newer than the last.
 */
async function stress(transport: Transport): Promise<Tally> {
  const worker = new Worker(new URL('../test-support/stress.worker.ts', import.meta.url), {
    type: 'module',
  });
  const view = stressView(FLOATS);
  const tally: Tally = { reads: 0, torn: 0, outOfOrder: 0, last: 0 };
  let reader: SlotReader<ReturnType<typeof view>>;
  let done = false;
  const read = () => {
    if (!reader.acquire()) return;
    const slot = reader.front;
    tally.reads++;
    if (!intact(slot)) tally.torn++;
    if (slot.header[0]! <= tally.last) tally.outOfOrder++;
    tally.last = slot.header[0]!;
  };
  if (transport === 'shared') {
    const memory = sharedMemory(BYTES);
    reader = sharedReader(memory, BYTES, view);
    worker.postMessage({ transport, memory, count: COUNT, floats: FLOATS });
  } else {
    const message = new MessageReader(BYTES, view, (b) => worker.postMessage({ t: 'ret', b }, [b]));
    reader = message;
    worker.addEventListener('message', (event) => {
      if (event.data.t !== 'snap') return;
      message.deliver(event.data.b);
      read();
    });
    worker.postMessage({ transport, count: COUNT, floats: FLOATS });
  }
  worker.addEventListener('message', (event) => {
    if (event.data.t === 'done') done = true;
  });
  while (!done) {
    // Busy: 30 ms of the page's main thread taken (shared memory is read in a tight loop
    // meanwhile; messages wait). Idle: 30 ms of reading as snapshots come.
    const busy = performance.now() + 30;
    if (transport === 'shared') while (performance.now() < busy) read();
    else block(30);
    const idle = performance.now() + 30;
    while (performance.now() < idle && !done) {
      read();
      await pause();
    }
  }
  await pause();
  read();
  worker.terminate();
  return tally;
}

describe.each<Transport>(['shared', 'message'])(
  'the %s transport under stress in Chromium',
  (transport) => {
    it(`never shows a torn or out-of-order snapshot over ${COUNT} snapshots of 64 KB`, async () => {
      if (transport === 'shared') expect(crossOriginIsolated).toBe(true);
      const tally = await stress(transport);
      expect(tally.torn).toBe(0);
      expect(tally.outOfOrder).toBe(0);
      expect(tally.last).toBe(COUNT);
      expect(tally.reads).toBeGreaterThan(100);
    }, 240_000);
  },
);
