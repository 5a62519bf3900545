import { lerp } from '@loop/core';
import { describe, expect, it } from 'vitest';
import { MSG_PONG, MSG_SNAPSHOT } from '../wire/messages.js';
import { DrawnClient } from './drawn-client.js';
import { FakeLink, toyClientOptions } from './test-client.js';
import {
  BODY_BYTES,
  CRATE,
  encodeToy,
  INPUT_BYTES,
  SEATS,
  SnapshotFrame,
  STRIDE,
  ToyWorld,
  writeToyInput,
} from './test-game.js';

/** Numbers per entity in these tests' frames: x, y and presence (1 for the crate). */
const DRAWN = 3;
const TIMESTEP_MS = 1000 / 60;

/**
 * A DrawnClient of the toy game at local time `t.now` on a link the test plays the server on;
 * its frames carry each seat's presence from `present` (the test's seats taken). `presence`
 * false: the same layout with no presence flag declared.
 */
function setup(presence = true) {
  const t = { now: 0 };
  const present = new Uint8Array(SEATS).fill(1);
  const link = new FakeLink();
  const options = toyClientOptions({
    now: () => t.now,
    frameSize: (SEATS + 1) * DRAWN,
    fill: (frame, w) => {
      for (let e = 0; e <= SEATS; e++) {
        frame[e * DRAWN] = w.state[e * STRIDE]!;
        frame[e * DRAWN + 1] = w.state[e * STRIDE + 1]!;
        frame[e * DRAWN + 2] = e < SEATS ? present[e]! : 1;
      }
    },
  });
  const client = new DrawnClient(link, {
    ...options,
    stride: DRAWN,
    presence: presence ? 2 : undefined,
  });
  const world = new ToyWorld();
  const frame = new SnapshotFrame(BODY_BYTES);
  /** Seat 1 runs right for three steps, then the world goes out as a snapshot for `slot`. */
  const play = (slot = 0) => {
    for (let i = 0; i < 3; i++) {
      world.inputs[1 * INPUT_BYTES] = 100;
      world.step();
    }
    encodeToy(frame, world);
    link.deliver(MSG_SNAPSHOT, frame.stamp(-1, 0, slot).slice());
    return world.state[1 * STRIDE]!;
  };
  const pong = (sent: number, server: number) =>
    link.deliver(MSG_PONG, new Uint8Array(new Float64Array([sent, server]).buffer));
  return { t, present, client, world, play, pong };
}

describe('DrawnClient.draw: what a page draws, in its frames’ layout', () => {
  it('blends every entity between the snapshots around the render time, its own seat at its prediction', () => {
    const { t, client, world, play, pong } = setup();
    pong(0, 0);
    const seen = [play(), play(), play(), play()];
    t.now = 12 * TIMESTEP_MS + client.delay.current / 4; // render time 125: between snapshots 2 and 3
    writeToyInput(client.input, 0, 0, 100, 0);
    client.update();
    expect(client.draw()).toBe('blend');
    const x1 = client.drawn[1 * DRAWN]!;
    expect(x1).toBeGreaterThan(seen[1]!);
    expect(x1).toBeLessThan(seen[2]!);
    expect(x1).toBe(lerp(seen[1]!, seen[2]!, client.buffer.t));
    expect(client.drawn.subarray(CRATE * DRAWN)).toEqual(
      new Float64Array([world.state[CRATE * STRIDE]!, world.state[CRATE * STRIDE + 1]!, 1]),
    );
    const p = client.predictor;
    const f = client.targetTime(t.now) % 1;
    expect(p.world.state[1]).toBeGreaterThan(p.previous.state[1]!); // moving down
    expect([...client.drawn.subarray(0, DRAWN)]).toEqual([
      lerp(p.previous.state[0]!, p.world.state[0]!, f),
      lerp(p.previous.state[1]!, p.world.state[1]!, f),
      1,
    ]);
    client.predictor.offset.set([5, -3]); // a correction fading out is drawn on top
    client.draw();
    expect(client.drawn[1]).toBe(lerp(p.previous.state[1]!, p.world.state[1]!, f) - 3);
    client.interpolate = false;
    client.predict = false;
    client.draw();
    expect(client.drawn[1 * DRAWN]).toBe(seen[3]); // the newest snapshot, as it is
    expect(client.drawn[0]).toBe(world.state[0]);
  });

  it('draws a seat that joined or left between the two frames as the newer has it, not slid in from 0, 0', () => {
    const { t, present, client, play, pong, world } = setup();
    present[2] = 0;
    world.state.fill(0, 2 * STRIDE, 3 * STRIDE); // an empty seat's body is at 0, 0
    pong(0, 0);
    play(3);
    play(3);
    present[2] = 1;
    world.state.set([400, 300], 2 * STRIDE);
    play(3);
    play(3);
    t.now = 12 * TIMESTEP_MS + client.delay.current / 4; // between snapshots 2 and 3
    client.draw();
    expect(client.buffer.t).toBeGreaterThan(0);
    expect([...client.drawn.subarray(2 * DRAWN, 3 * DRAWN)]).toEqual([400, 300, 1]);
    const { t: blend } = client.buffer;
    expect(client.drawn[1 * DRAWN]).toBe(
      lerp(client.buffer.older[1 * DRAWN]!, client.buffer.newer[1 * DRAWN]!, blend),
    );
    // Without a presence flag declared, the same numbers are blended like any others.
    const plain = setup(false);
    plain.present[2] = 0;
    plain.world.state.fill(0, 2 * STRIDE, 3 * STRIDE);
    plain.pong(0, 0);
    plain.play(3);
    plain.play(3);
    plain.present[2] = 1;
    plain.world.state.set([400, 300], 2 * STRIDE);
    plain.play(3);
    plain.play(3);
    plain.t.now = t.now;
    plain.client.draw();
    expect(plain.client.drawn[2 * DRAWN]).toBe(lerp(0, 400, plain.client.buffer.t));
  });

  it('blends nothing from frames its buffer forgot: cleared (a reconnect after a long gap), drawn stays as it was', () => {
    const { t, client, play, pong } = setup();
    pong(0, 0);
    for (let i = 0; i < 4; i++) play();
    t.now = 12 * TIMESTEP_MS + client.delay.current / 4;
    writeToyInput(client.input, 0, 0, 100, 0);
    client.update();
    expect(client.draw()).toBe('blend');
    const before = [...client.drawn];
    const snapshotY = lerp(client.buffer.older[1]!, client.buffer.newer[1]!, client.buffer.t);
    expect(before[1]).not.toBe(snapshotY); // its own seat drawn at its prediction, not its snapshot
    client.buffer.clear();
    client.predict = false;
    expect(client.draw()).toBe('empty');
    expect([...client.drawn]).toEqual(before);
  });

  it('draws nothing before the clock is synced, snapshots or not', () => {
    const { client, play } = setup();
    play();
    expect(client.draw()).toBe('empty');
    expect(client.drawn.every((v) => v === 0)).toBe(true);
  });

  it('refuses a stride that does not divide the frame, or a presence outside the stride', () => {
    const link = new FakeLink();
    const options = toyClientOptions({ frameSize: (SEATS + 1) * DRAWN });
    for (const stride of [1, 2.5, 4]) {
      expect(() => new DrawnClient(link, { ...options, stride })).toThrow(
        new RangeError(
          `stride must be an integer of 2 or more dividing frameSize (15), got ${stride}`,
        ),
      );
    }
    for (const presence of [-1, 3, 0.5]) {
      expect(() => new DrawnClient(link, { ...options, stride: DRAWN, presence })).toThrow(
        new RangeError(`presence must be an integer from 0 to 2, got ${presence}`),
      );
    }
  });
});
