import { planSlot, type SlotView, viewSlot } from './layout.js';
import {
  type InitMessage,
  type InputView,
  inputSlotBytes,
  type Port,
  viewInput,
} from './protocol.js';
import {
  MessageReader,
  MessageWriter,
  type SlotReader,
  type SlotWriter,
  sharedReader,
  sharedWriter,
} from './transport.js';

/** The ends of both transports in the worker, and what feeds the message ones. */
export interface WorkerEnds {
  readonly snapshots: SlotWriter<SlotView>;
  readonly inputs: SlotReader<InputView>;
  /** A snapshot buffer the page gave back (message transport only). */
  readonly recycle?: (buffer: ArrayBuffer) => void;
  /** An input buffer the page sent (message transport only). */
  readonly deliver?: (buffer: ArrayBuffer) => void;
}

/**
 * The worker's ends of the transport the page chose: the shared memories it sent, or message
 * ends that post snapshots and give input buffers back through `port`.
 */
export function workerEnds(init: InitMessage, port: Port): WorkerEnds {
  const plan = planSlot(init.layout);
  const view = (buffer: ArrayBufferLike, at: number) => viewSlot(plan, buffer, at);
  const inputView = viewInput(init.inputLength);
  if (init.transport === 'shared') {
    return {
      snapshots: sharedWriter(init.snapshots!, plan.slotBytes, view),
      inputs: sharedReader(init.inputs!, inputSlotBytes(init.inputLength), inputView),
    };
  }
  const snapshots = new MessageWriter(plan.slotBytes, view, (b) =>
    port.postMessage({ t: 'snap', b }, [b]),
  );
  const inputs = new MessageReader(inputSlotBytes(init.inputLength), inputView, (b) =>
    port.postMessage({ t: 'iret', b }, [b]),
  );
  return {
    snapshots,
    inputs,
    recycle: (b) => snapshots.recycle(b),
    deliver: (b) => inputs.deliver(b),
  };
}
