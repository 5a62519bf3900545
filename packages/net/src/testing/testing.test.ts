import { describe, expect, it } from 'vitest';
import { createLinkPair } from '../link/memory-link.js';
import { CountingLink } from './counting-link.js';
import { RoomHarness } from './room-harness.js';
import { until } from './until.js';

// RoomHarness over a real server is what every test of src/colyseus/room/ stands on
// (test-harness.ts); here, what those never reach.
describe('@loop/net/testing', () => {
  it('until resolves once the condition holds, and names what it waited for when it never does', async () => {
    let polls = 0;
    await until(() => ++polls === 3, 'three polls');
    expect(polls).toBe(3);
    await expect(until(() => false, 'the impossible', 20)).rejects.toThrow(
      new Error('still waiting for the impossible'),
    );
    const broken = new Error('the condition broke');
    await expect(
      until(() => {
        throw broken;
      }, 'anything'),
    ).rejects.toBe(broken);
  });

  it('CountingLink counts each type both ways and passes every message through', () => {
    const [a, b] = createLinkPair();
    const counted = new CountingLink(a);
    const got: number[] = [];
    counted.onMessage(2, (bytes) => got.push(bytes[0]!));
    b.onMessage(1, (bytes) => got.push(bytes[0]! + 100));
    counted.sendBytes(1, Uint8Array.of(7));
    counted.sendBytes(1, Uint8Array.of(8));
    b.sendBytes(2, Uint8Array.of(9));
    expect(got).toEqual([107, 108, 9]);
    expect([counted.sent(1), counted.sent(2), counted.received(2), counted.received(1)]).toEqual([
      2, 0, 1, 0,
    ]);
  });

  it('RoomHarness checks the tick rate before it starts anything: a RangeError naming it', async () => {
    let started = false;
    const start = async () => {
      started = true;
      throw new Error('never');
    };
    for (const tickRate of [0, -60, Number.NaN, Number.POSITIVE_INFINITY]) {
      await expect(RoomHarness.start({ room: 'x', tickRate, start })).rejects.toThrow(
        new RangeError(`tickRate must be a positive number, got ${tickRate}`),
      );
    }
    expect(started).toBe(false);
  });
});
