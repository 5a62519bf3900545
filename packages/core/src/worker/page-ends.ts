import type { SlotView, SnapshotLayout } from './layout.js';
import * as H from './layout.js';
import type { checkWorkerOptions } from './page-options.js';
import { type InitMessage, type InputView, inputSlotBytes, viewInput } from './protocol.js';
import {
  MessageReader,
  MessageWriter,
  type SlotReader,
  type SlotWriter,
  sharedMemory,
  sharedReader,
  sharedWriter,
} from './transport.js';

/**
 * The page's ends of both transports and what feeds the message ones: a worker loop's page
 * reads snapshots and writes inputs through these whichever transport was chosen.
 */
export interface PageEnds<L extends SnapshotLayout> {
  readonly snapshots: SlotReader<SlotView<L>>;
  readonly inputs: SlotWriter<InputView>;
  readonly init: Partial<InitMessage>;
  readonly deliver?: (buffer: ArrayBuffer) => void;
  readonly recycle?: (buffer: ArrayBuffer) => void;
}

/** Makes the page's ends of the transport the checked options chose, shared or message. */
export function pageEnds<L extends SnapshotLayout>(
  checked: ReturnType<typeof checkWorkerOptions<L>>,
): PageEnds<L> {
  const { plan, inputLength, given } = checked;
  const view = (b: ArrayBufferLike, at: number) => H.viewSlot<L>(plan, b, at);
  const inputView = viewInput(inputLength);
  const inputBytes = inputSlotBytes(inputLength);
  if (checked.transport === 'shared') {
    const snapshots = sharedMemory(plan.slotBytes);
    const inputs = sharedMemory(inputBytes);
    return {
      snapshots: sharedReader(snapshots, plan.slotBytes, view),
      inputs: sharedWriter(inputs, inputBytes, inputView),
      init: { snapshots, inputs },
    };
  }
  const worker = given.worker;
  const reader = new MessageReader(plan.slotBytes, view, (b) =>
    worker.postMessage({ t: 'ret', b }, [b]),
  );
  const writer = new MessageWriter(inputBytes, inputView, (b) =>
    worker.postMessage({ t: 'input', b }, [b]),
  );
  return {
    snapshots: reader,
    inputs: writer,
    init: {},
    deliver: (b) => reader.deliver(b),
    recycle: (b) => writer.recycle(b),
  };
}
