import { describe, expect, it } from 'vitest';
import { createLinkPair } from '../link/memory-link.js';
import {
  CLOSE_MALFORMED,
  MAX_STRIKES,
  MSG_INPUT,
  MSG_PING,
  MSG_PONG,
  MSG_SNAPSHOT,
} from '../wire/messages.js';
import { serveLink } from './link-peer.js';
import { RoomDriver } from './room-driver.js';
import { TEST_TICK_RATE, testGame, testInput } from './test-game.js';

/** A room of the test game on the manual scheduler, and a way to step it. */
function room() {
  const driver = new RoomDriver(testGame, { scheduler: 'manual', now: () => 0, log: () => {} });
  let frames = 0;
  const step = (ticks: number) => {
    for (let i = 0; i < ticks; i++) driver.loop.frame(1000 + (frames++ * 1000) / TEST_TICK_RATE);
  };
  return { driver, step };
}

describe('a room served over links, with no transport', () => {
  it("takes a client's inputs and pings over its link, and sends it snapshots and pongs", () => {
    const { driver, step } = room();
    const [client, server] = createLinkPair();
    const ticks: number[] = [];
    const pongs: number[] = [];
    client.onMessage(MSG_SNAPSHOT, (bytes) =>
      ticks.push(new DataView(bytes.buffer).getUint32(0, true)),
    );
    client.onMessage(MSG_PONG, (bytes) => pongs.push(bytes.byteLength));
    const served = serveLink(driver, server, 'a')!;
    step(1); // the baseline frame
    client.sendBytes(MSG_INPUT, testInput(1, [4, -4]));
    client.sendBytes(MSG_PING, new Uint8Array(8));
    step(3);
    expect([...driver.state.positions.subarray(0, 2)]).toEqual([3 * 4, -3 * 4]);
    expect([ticks, pongs, served.seat.inputs.newest]).toEqual([[3], [16], 1]);
  });

  it('frees the seat of a client it kicks, after the call that kicked it, and sends it nothing more', async () => {
    const { driver, step } = room();
    const [client, server] = createLinkPair();
    const served = serveLink(driver, server, 'a')!;
    step(1);
    for (let i = 0; i < MAX_STRIKES; i++) client.sendBytes(MSG_INPUT, new Uint8Array(3));
    expect(served.peer.closed).toEqual({ code: CLOSE_MALFORMED, reason: 'malformed messages' });
    expect(driver.seatOf('a')).toBe(served.seat);
    await Promise.resolve();
    expect([driver.seatOf('a'), driver.present[0]]).toEqual([undefined, 0]);
    const sent = client.counts.received;
    step(6);
    expect(client.counts.received).toBe(sent);
  });

  it('refuses a client past its seats', () => {
    const { driver } = room();
    for (let i = 0; i < testGame.maxPlayers; i++) serveLink(driver, createLinkPair()[1], `p${i}`);
    expect(serveLink(driver, createLinkPair()[1], 'late')).toBeUndefined();
  });
});
