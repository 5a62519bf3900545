import { describe, expect, it } from 'vitest';
import {
  NO_SLOT,
  SNAPSHOT_HEADER_BYTES,
  SnapshotFrame,
  type SnapshotHeader,
} from './snapshot-frame.js';

const header = (): SnapshotHeader => ({ tick: 0, ack: 0, missed: 0, slot: 0 });

describe('SnapshotFrame', () => {
  it("stamps each client's header on the same body, and reads it back", () => {
    const server = new SnapshotFrame(4);
    server.begin(123_456).setInt32(SNAPSHOT_HEADER_BYTES, -77, true);
    const a = server.stamp(123_460, 70_000, 3).slice();
    const b = server.stamp(-1, 0, NO_SLOT).slice();
    const page = new SnapshotFrame(4);
    const got = header();
    expect(page.read(a, got)).toBe(true);
    expect(got).toEqual({ tick: 123_456, ack: 123_460, missed: 70_000 & 0xffff, slot: 3 });
    expect(page.view.getInt32(SNAPSHOT_HEADER_BYTES, true)).toBe(-77);
    expect(page.read(b, got)).toBe(true);
    expect(got).toEqual({ tick: 123_456, ack: -1, missed: 0, slot: NO_SLOT });
    expect(a.byteLength).toBe(15);
  });

  it('refuses a message of another length, or not bytes, and changes nothing', () => {
    const frame = new SnapshotFrame(4);
    frame.begin(9);
    const before = frame.bytes.slice();
    const got = header();
    for (const length of [0, 14, 16]) {
      expect(frame.read(new Uint8Array(length).fill(7), got)).toBe(false);
    }
    expect(frame.read('snapshot', got)).toBe(false);
    expect(frame.read(undefined, got)).toBe(false);
    expect([...frame.bytes]).toEqual([...before]);
    expect(got).toEqual(header());
  });
});
