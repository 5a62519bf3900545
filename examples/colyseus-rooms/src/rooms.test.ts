import { ClientState, matchMaker, type Server } from '@colyseus/core';
import type { NetClient } from '@loop/net';
import type { FixedStepRoom } from '@loop/net/colyseus';
import type { RoomLink } from '@loop/net/colyseus-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { drawOthers, joinGame } from './client.js';
import { wire } from './net-game.js';
import { startGameServer } from './server.js';
import { SEATS, type World } from './world.js';

/**
 * The guide's code run for real: the game's Colyseus server on a loopback port with its `dots`
 * room, and colyseus.js clients with @loop/net's prediction and interpolation, over real
 * WebSockets. Time is the test's: the room steps on the manual scheduler when the test says, and
 * the clients' clock is the same number, so every tick is a tick whatever the machine's speed.
 * Between ticks the test waits (polling) for the messages it knows are on their way: the inputs
 * a client just sent, the snapshots and pongs the room just sent. Nothing is timed.
 */

let server: Server;
let port: number;
/** The clock of both ends, in ms: moved only by `tick()`. */
let now = 1000;
let frames = 0;

beforeAll(async () => {
  ({ server, port } = await startGameServer(0, {
    scheduler: 'manual',
    now: () => now,
    log: () => {},
  }));
});

afterAll(() => server.gracefullyShutdown(false));

/** Waits until `condition` holds: messages over loopback arrive in their own time. */
function until(condition: () => boolean, what: string): Promise<void> {
  return vi.waitFor(
    () => {
      if (!condition()) throw new Error(`still waiting for ${what}`);
    },
    { timeout: 10_000, interval: 2 },
  );
}

/** A page: its room, its client, what it drew of the others at the last tick. */
interface Page {
  link: RoomLink;
  net: NetClient<World>;
  others: Float64Array;
  lastPing: number;
}

/** A room with `count` pages in it, and a tick that moves every end by one fixed step. */
async function play(count: number) {
  const pages: Page[] = [];
  for (let i = 0; i < count; i++) {
    const { link, net } = await joinGame(`ws://127.0.0.1:${port}`, () => now);
    pages.push({ link, net, others: new Float64Array(SEATS * 2), lastPing: -Infinity });
  }
  const dots = matchMaker.getLocalRoomById(pages[0]!.link.room.roomId) as FixedStepRoom<World>;
  for (const { link } of pages) {
    const room = link.room;
    expect(room.roomId).toBe(dots.roomId);
    const joined = () => dots.clients.find((c) => c.sessionId === room.sessionId)?.state;
    await until(() => joined() === ClientState.JOINED, 'the join to be acknowledged');
  }
  dots.loop.frame(now); // the room's first frame: no step yet

  /** One tick of every end, then every message it caused delivered. Returns each page's steps. */
  const tick = async () => {
    now = 1000 + (++frames * 1000) / wire.tickRate; // never summed: no drift
    dots.loop.frame(now); // one fixed step of the server, and a snapshot every third
    const sent = dots.stats.bytesOut / wire.snapshotBytes / pages.length;
    const steps: number[] = [];
    for (const page of pages) {
      const { net, link } = page;
      const pongs = net.counts.pongs;
      const pinged = now - page.lastPing >= 250;
      if (pinged) page.lastPing = now;
      steps.push(net.update(now)); // pings when due; the prediction steps; inputs go out
      drawOthers(net, page.others, now);
      const seat = dots.seats.find((s) => s?.client.sessionId === link.room.sessionId)!;
      const predicted = net.predictor.tick;
      if (steps.at(-1)! > 0) await until(() => seat.inputs.newest >= predicted, 'the input');
      await until(() => net.counts.snapshots + net.counts.stale >= sent, 'the snapshot');
      if (pinged) await until(() => net.counts.pongs > pongs, 'the pong');
    }
    return steps;
  };

  // The first ping syncs the clock, the first snapshot starts the prediction; a few ticks more
  // and the prediction runs ahead of the server by its lead, so an input reaches the server
  // before its tick (the first catch-up steps ticks the server has already taken).
  while (pages.some(({ net }) => !net.predictor.started || !net.clock.synced)) await tick();
  for (let i = 0; i < 10; i++) await tick();
  for (const { net } of pages) expect(net.predictor.tick).toBeGreaterThan(dots.driver.tick);
  const leave = () => Promise.all(pages.map(({ link }) => link.leave()));
  return { dots, pages, tick, leave };
}

describe('a Colyseus game with a fixed-step room (real server, real clients, driven time)', () => {
  it('predicts its player at once, and the server moves it exactly as the step says', async () => {
    const { dots, pages, tick, leave } = await play(1);
    const { net } = pages[0]!;
    const slot = net.predictor.slot;
    expect(slot).toBe(0); // the first seat of a new room
    const x0 = net.predictor.world.x[slot]!;
    const y0 = net.predictor.world.y[slot]!;
    expect([x0, y0]).toEqual([dots.gameState.x[slot], dots.gameState.y[slot]]);

    // Hold (3, -2): the page moves its player on the very tick it steps, before any server word.
    net.input.set([3, -2]);
    let held = 0;
    while (held === 0) held += (await tick())[0]!; // a frame between two steps steps nothing
    expect(net.predictor.world.x[slot]).toBe(x0 + 3 * held);
    expect(net.predictor.world.y[slot]).toBe(y0 - 2 * held);
    expect(dots.gameState.x[slot]).toBe(x0); // the server has not seen it yet
    for (let i = 0; i < 40; i++) held += (await tick())[0]!;
    net.input.set([0, 0]);
    const last = net.predictor.tick; // the last tick stepped with (3, -2)

    // Let the server step past every input, and its snapshot reach the page.
    while (net.latest.tick < last + 3) await tick();

    // The server applied every input at its tick: moved by exactly `held` steps of (3, -2).
    expect(dots.gameState.x[slot]).toBe(x0 + 3 * held);
    expect(dots.gameState.y[slot]).toBe(y0 - 2 * held);
    // The page's copy of the server's state says the same, and so did its prediction all along.
    expect([net.latest.x[slot], net.latest.y[slot]]).toEqual([x0 + 3 * held, y0 - 2 * held]);
    expect(net.predictor.world.x[slot]).toBe(x0 + 3 * held);
    expect(net.predictor.corrections).toBe(0);
    expect(dots.refused).toMatchObject({ late: 0, early: 0, malformed: 0 });
    await leave();
  });

  it('draws the other player smoothly between snapshots, a little in the past', async () => {
    const { dots, pages, tick, leave } = await play(2);
    const [mover, watcher] = pages as [Page, Page];
    const slot = mover.net.predictor.slot;
    expect(watcher.net.predictor.slot).not.toBe(slot);
    const drawn = () => watcher.others[2 * slot]!;
    const x0 = drawn();
    expect(x0).toBe(dots.gameState.x[slot]);

    mover.net.input.set([3, 0]);
    let previous = x0;
    let largest = 0;
    for (let i = 0; i < 60; i++) {
      await tick();
      const x = drawn();
      // Never ahead of the server, never backwards, and never a snapshot's three steps at once.
      expect(x).toBeLessThanOrEqual(dots.gameState.x[slot]!);
      expect(x).toBeGreaterThanOrEqual(previous);
      largest = Math.max(largest, x - previous);
      previous = x;
    }
    expect(previous).toBeGreaterThan(x0); // it moved
    expect(largest).toBeLessThan(3 * 3); // blended: less than a snapshot interval's move per frame
    expect(watcher.net.counts.starved).toBe(0); // always a snapshot after the render time
    await leave();
  });
});
