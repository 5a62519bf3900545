/**
 * The writer of the snapshot stress test (worker/stress.browser.test.ts), in a real worker:
 * publishes `count` snapshots of `floats` numbers as fast as it can, each filled from its tick
 * and carrying that tick and the sum of its numbers, through the transport the page chose.
 */
import { MessageWriter, type SlotWriter, sharedWriter } from '../worker/transport.js';
import { type StressSlot, stressView } from './stress.js';

interface Start {
  transport: 'shared' | 'message';
  memory?: SharedArrayBuffer;
  count: number;
  floats: number;
}

const scope = self as unknown as Worker;
let returned: (() => void) | undefined;
let message: MessageWriter<StressSlot> | undefined;

scope.addEventListener('message', async (event: MessageEvent) => {
  if (event.data.t === 'ret') {
    message!.recycle(event.data.b);
    returned?.();
    return;
  }
  const { transport, memory, count, floats } = event.data as Start;
  const bytes = 16 + floats * 4;
  const view = stressView(floats);
  let writer: SlotWriter<StressSlot>;
  if (transport === 'shared') {
    writer = sharedWriter(memory!, bytes, view);
  } else {
    message = new MessageWriter(bytes, view, (b) => scope.postMessage({ t: 'snap', b }, [b]));
    writer = message;
  }
  for (let tick = 1; tick <= count; tick++) {
    // A writer that never runs far ahead of the page (as the loop, one snapshot per step): with
    // 16 buffers out, wait for one back instead of making more.
    while (message && message.inFlight >= 16) await new Promise<void>((r) => (returned = r));
    const slot = writer.back;
    let sum = 0;
    for (let i = 0; i < floats; i++) {
      const v = (tick * 7 + i) % 65536;
      slot.data[i] = v;
      sum += v;
    }
    slot.header[0] = tick;
    slot.header[1] = sum;
    writer.publish();
  }
  scope.postMessage({ t: 'done' });
});
