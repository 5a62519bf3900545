import type { Room } from 'colyseus.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLOOD_LIMIT, MESSAGE_BURST } from '../../server/guards.js';
import { TEST_TICK_RATE as TICK_RATE, testGame } from '../../server/test-game.js';
import { writeUint32 } from '../../wire/bytes.js';
import { CLOSE_FLOOD, MSG_INPUT, MSG_SNAPSHOT } from '../../wire/messages.js';
import { buffered } from './colyseus-peer.js';
import { Harness, type TestRoom, until } from './test-harness.js';

/** A well-formed input message of the test game for `tick` (one input). */
function input(tick: number): Uint8Array {
  const bytes = new Uint8Array(testGame.wire.inputMessageBytes(1));
  writeUint32(bytes, 0, tick);
  bytes[4] = 1;
  return bytes;
}

describe('buffered', () => {
  it("reads a connection's bufferedAmount, and 0 where there is none", () => {
    expect(buffered({ bufferedAmount: 70_000 })).toBe(70_000);
    expect(buffered({ bufferedAmount: '70000' })).toBe(0);
    expect(buffered({})).toBe(0);
    expect(buffered(undefined)).toBe(0);
  });
});

describe('a flood and a client that stops reading (real server, real clients, driven time)', () => {
  let harness: Harness;
  let arena: TestRoom;
  let honest: Room;
  let snapshots = 0;

  beforeAll(async () => {
    harness = await Harness.start();
    ({ room: honest, arena } = await harness.join());
    honest.onMessage(MSG_SNAPSHOT, () => snapshots++);
  });
  afterAll(() => harness.stop());

  it(`ignores messages past the budget, and disconnects with ${CLOSE_FLOOD} a client that keeps flooding`, async () => {
    const { room } = await harness.join();
    const closed = new Promise<number>((resolve) => room.onLeave(resolve));
    const tick = arena.driver.tick;
    for (let i = 0; i < MESSAGE_BURST + 60; i++) room.sendBytes(MSG_INPUT, input(tick + 5));
    await until(() => arena.refused.flood === 60, 'the 60 over budget');
    harness.step(arena, 10); // 40 more messages' worth
    const flood = arena.refused.flood;
    for (let i = 0; i < 40; i++) room.sendBytes(MSG_INPUT, input(arena.driver.tick + 5));
    room.sendBytes(MSG_INPUT, input(arena.driver.tick + 5));
    await until(() => arena.refused.flood === flood + 1, 'one past the refill');
    for (let i = 0; i < FLOOD_LIMIT; i++) room.sendBytes(MSG_INPUT, input(arena.driver.tick + 5));
    expect(await closed).toBe(CLOSE_FLOOD);
    expect(honest.connection.isOpen).toBe(true);
  });

  it('holds snapshots back from a client that stops reading, cuts it after 5 s of it, and serves the others', async () => {
    const { room } = await harness.join();
    const slot = arena.seats.findIndex((s) => s?.client.sessionId === room.sessionId);
    // colyseus.js in Node runs on the `ws` package: pause its TCP socket, so nothing more is read.
    const transport = room.connection.transport as unknown as {
      ws: { _socket: { pause(): void } };
    };
    transport.ws._socket.pause();
    const before = snapshots;
    const slowBefore = arena.refused.slow;
    // Snapshots pile up in the kernel's buffers, then in the server's: step until it gives up.
    // Once it holds them back nothing more is queued, so what is queued then is where it began.
    let queuedWhenHeld = -1;
    for (let i = 0; arena.seats[slot] && i < 400; i++) {
      harness.step(arena, 600);
      if (queuedWhenHeld < 0 && arena.refused.slow > slowBefore && arena.seats[slot]) {
        queuedWhenHeld = buffered(arena.seats[slot].client.ref);
      }
      await new Promise<void>((resolve) => setImmediate(resolve));
      await new Promise<void>((resolve) => setTimeout(resolve, 1));
    }
    await until(() => arena.seats[slot] === undefined, 'the slow client to be cut');
    expect(queuedWhenHeld).toBeGreaterThan(64 * 1024); // 64 KiB, as MAX_BUFFERED says
    expect(queuedWhenHeld).toBeLessThan(64 * 1024 + 1024); // and not a snapshot more
    // Each snapshot held back counts (one every 3 ticks at 20 Hz) through 5 s of them.
    expect(arena.refused.slow - slowBefore).toBeGreaterThanOrEqual((5 * TICK_RATE) / 3);
    expect(arena.driver.present[slot]).toBe(0);
    await until(() => snapshots > before + 1000, 'the honest client to be served all along');
  }, 180_000); // tens of thousands of steps fill the kernel's buffers: minutes under Stryker on a loaded machine
});
