import { describe, expect, it } from 'vitest';
import { Conditioner } from '../link/conditioner.js';
import { NetClient } from '../page/net-client.js';
import { NetSwitches } from '../page/net-switches.js';
import { FakeLink, toyClientOptions } from '../page/test-client.js';
import {
  BODY_BYTES,
  encodeToy,
  SnapshotFrame,
  ToyWorld,
  writeToyInput,
} from '../page/test-game.js';
import { MSG_INPUT, MSG_PING, MSG_PONG, MSG_SNAPSHOT } from '../wire/messages.js';
import { NetFrame } from './net-frame.js';

/** Keys held and pressed this frame, as a page's input sample reports them. */
const keysOf = (pressed: string[] = []) => ({
  isDown: () => false,
  wasPressed: (code: string) => pressed.includes(code),
});

/**
 * A toy page: a NetClient over a Conditioner (switched off, 50 ms each way when on, nothing
 * lost) over a link the test plays the server on, at local time `t.now`; every hook call logged.
 */
function page() {
  const t = { now: 0 };
  const link = new FakeLink();
  const path = { latency: 50, jitter: 0, loss: 0, reorder: 0 };
  const conditioner = new Conditioner(link, { up: path, down: path, now: () => t.now });
  conditioner.enabled = false;
  const client = new NetClient(conditioner, toyClientOptions({ now: () => t.now }));
  const status = { textContent: 'Joined' as string | null };
  const log: string[] = [];
  const frame = new NetFrame(
    client,
    conditioner,
    new NetSwitches(client, conditioner),
    status,
    'arena',
    {
      steer(_keys, c) {
        log.push(`steer predict ${c.predict}`);
        writeToyInput(c.input, 0, 100, 0, 0);
      },
      draw: (c, now, steps) => log.push(`draw ${now} ${steps} ${c.sampled}`),
    },
  );
  const world = new ToyWorld();
  const snapshotFrame = new SnapshotFrame(BODY_BYTES);
  const serve = (slot: number) => {
    link.deliver(MSG_PONG, new Uint8Array(new Float64Array([t.now, 500]).buffer));
    encodeToy(snapshotFrame, world);
    link.deliver(MSG_SNAPSHOT, snapshotFrame.stamp(-1, 0, slot).slice());
  };
  return { t, link, conditioner, client, status, log, frame, serve };
}

describe('NetFrame: one frame of a networked page', () => {
  it('presses the switches before the steering, then pings through the conditioner; draws after', () => {
    const { link, client, status, log, frame } = page();
    frame.update(keysOf(['KeyP']));
    expect(client.predict).toBe(false); // P pressed this frame: the steering already sees it off
    expect(log).toEqual(['steer predict false']);
    expect(link.of(MSG_PING)).toHaveLength(1);
    expect(frame.steps).toBe(0); // no clock yet: nothing predicted
    expect(status.textContent).toBe('Joined'); // not seated yet
    frame.render(16);
    expect(log).toEqual(['steer predict false', 'draw 16 0 empty']);
  });

  it('says the seat once seated, hands the steps to the draw once, and sends the inputs', () => {
    const { t, link, client, status, log, frame, serve } = page();
    frame.update(keysOf());
    serve(2);
    expect(client.predictor.started).toBe(true);
    t.now = 100;
    frame.update(keysOf());
    expect(status.textContent).toBe('In the arena, seat 3');
    expect(frame.steps).toBeGreaterThan(0);
    const steps = frame.steps;
    expect(link.of(MSG_INPUT).length).toBeGreaterThan(0);
    expect(client.input[0]).toBe(100); // the steering's input is what was predicted with
    frame.render(116);
    frame.render(132);
    expect(log.slice(-2)).toEqual([
      `draw 116 ${steps} ${client.sampled}`,
      `draw 132 0 ${client.sampled}`,
    ]);
    status.textContent = 'Reconnected to seat 3'; // the link's news stays until the seat changes
    frame.update(keysOf());
    expect(status.textContent).toBe('Reconnected to seat 3');
  });

  it('pumps the conditioner each frame: a message held on the bad network leaves on a later one', () => {
    const { t, link, conditioner, frame } = page();
    frame.update(keysOf(['KeyN']));
    expect(conditioner.enabled).toBe(true);
    t.now = 1000;
    frame.update(keysOf()); // a ping is due: held 50 ms
    const pings = link.of(MSG_PING).length;
    t.now = 1060;
    frame.update(keysOf());
    expect(link.of(MSG_PING)).toHaveLength(pings + 1);
  });
});
