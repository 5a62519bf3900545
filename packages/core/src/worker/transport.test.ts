import { describe, expect, it } from 'vitest';
import {
  MessageReader,
  MessageWriter,
  sharedMemory,
  sharedReader,
  sharedWriter,
} from './transport.js';

const BYTES = 32;
const view = (buffer: ArrayBufferLike, at: number) => new Float64Array(buffer, at, BYTES / 8);

describe('the message transport', () => {
  function link() {
    const sent: ArrayBuffer[] = [];
    const returned: ArrayBuffer[] = [];
    const writer = new MessageWriter(BYTES, view, (b) => sent.push(b));
    const reader = new MessageReader(BYTES, view, (b) => returned.push(b));
    return { writer, reader, sent, returned };
  }

  it('hands over the newest slot written and gives superseded ones back for reuse', () => {
    const { writer, reader, sent, returned } = link();
    expect(reader.acquire()).toBe(false);
    expect([...reader.front]).toEqual([0, 0, 0, 0]);
    for (let i = 1; i <= 3; i++) {
      writer.back.fill(i);
      writer.publish();
      reader.deliver(sent.shift()!);
    }
    // 1 and 2 were superseded before being read: both went back unread
    expect(returned.map((b) => new Float64Array(b)[0])).toEqual([1, 2]);
    expect(reader.acquire()).toBe(true);
    expect([...reader.front]).toEqual([3, 3, 3, 3]);
    expect(reader.acquire()).toBe(false);
    expect(writer.allocated).toBe(3);
    for (const b of returned.splice(0)) writer.recycle(b);
    writer.back.fill(4);
    writer.publish();
    expect(writer.allocated).toBe(3); // a recycled buffer, not a new one
    reader.deliver(sent.shift()!);
    expect(reader.acquire()).toBe(true);
    expect([...reader.front]).toEqual([4, 4, 4, 4]);
    // the front it held (3) went back when 4 was acquired
    expect(new Float64Array(returned.at(-1)!)[0]).toBe(3);
  });

  it('publishes a slot even when nothing was written, and ignores a buffer of another size', () => {
    const { writer, sent } = link();
    writer.publish();
    expect(sent[0]!.byteLength).toBe(BYTES);
    writer.recycle(new ArrayBuffer(8));
    writer.back;
    expect(writer.allocated).toBe(2);
  });
});

describe('buffers in flight on the message transport', () => {
  it('counts those sent and not given back, not the one being written or the pool', () => {
    const sent: ArrayBuffer[] = [];
    const writer = new MessageWriter(BYTES, view, (b) => sent.push(b));
    expect(writer.inFlight).toBe(0);
    writer.back.fill(1); // being written: not in flight
    expect(writer.inFlight).toBe(0);
    writer.publish();
    writer.publish();
    expect(writer.inFlight).toBe(2);
    writer.recycle(sent.shift()!);
    expect(writer.inFlight).toBe(1); // one back in the pool
    writer.back.fill(2); // taken from the pool
    expect(writer.inFlight).toBe(1);
    expect(writer.allocated).toBe(2);
  });

  it('is none on the shared transport, which makes no buffer', () => {
    const writer = sharedWriter(sharedMemory(BYTES), BYTES, view);
    writer.back.fill(1);
    writer.publish();
    expect(writer.allocated).toBe(0);
  });
});

describe('the shared transport', () => {
  it('hands over the newest slot written through one shared memory', () => {
    const memory = sharedMemory(BYTES);
    const writer = sharedWriter(memory, BYTES, view);
    const reader = sharedReader(memory, BYTES, view);
    expect(reader.acquire()).toBe(false);
    writer.back.fill(1);
    writer.publish();
    writer.back.fill(2);
    writer.publish();
    expect(reader.acquire()).toBe(true);
    expect([...reader.front]).toEqual([2, 2, 2, 2]);
    expect(reader.front).not.toBe(writer.back);
  });
});
