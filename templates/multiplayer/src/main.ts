import type { InputSnapshot } from '@loop/core/dom';
import { FrameTrace, keyAxis, startNetPage, type View } from '@loop/net/dom';
import { Client } from 'colyseus.js';
import { ArenaClient } from './client/arena-client';
import { drawArena } from './page/draw';
import { steerToward } from './page/touch-steer';
import { BUTTON_BOOST, STICK_MAX } from './shared/input';

/** The stick and buttons a held finger gives (touch-steer.ts), rewritten each step. */
const steer = new Float64Array(3);

/** This frame's keys and pointer into the client's input: keys first, else a held finger. */
function steerFrom(keys: InputSnapshot, client: ArenaClient, view: View): void {
  const x = keyAxis(keys, 'KeyD', 'ArrowRight', 'KeyA', 'ArrowLeft');
  const y = keyAxis(keys, 'KeyS', 'ArrowDown', 'KeyW', 'ArrowUp');
  const boost = keys.isDown('ShiftLeft') || keys.isDown('ShiftRight') ? BUTTON_BOOST : 0;
  const p = keys.pointer;
  if (x === 0 && y === 0 && p.count > 0) {
    if (steerToward(p.x, p.y, view, client.drawn, client.predictor.slot, steer)) {
      client.setInput(steer[0]!, steer[1]!, boost | steer[2]!);
      return;
    }
  }
  client.setInput(x * STICK_MAX, y * STICK_MAX, boost);
}

/** `?trace` records every frame (window.arenaTrace: @loop/net/dom's FrameTrace) for tests and bug reports. */
const trace = new URLSearchParams(location.search).has('trace') ? new FrameTrace() : undefined;

/**
 * The arena's page: @loop/net/dom's startNetPage joins the room through the dev server's proxy
 * (vite.config.ts) and runs the page (the HUD, the switches, `?net=bad`, the overlay, one loop);
 * the arena brings its client, its steering and its drawing.
 */
const page = startNetPage({
  colyseus: new Client(`${location.origin}/colyseus`),
  room: 'arena',
  label: 'arena: 60 Hz steps, 20 Hz snapshots',
  createClient: (link) => new ArenaClient(link),
  joined({ client, link }) {
    if (trace) Object.assign(window, { arenaTrace: { trace, client, roomId: link.room.roomId } });
  },
  steer: steerFrom,
  draw(client, view, now, steps) {
    trace?.record(now, client, steps);
    const ghost = client.predict ? client.latest : undefined;
    drawArena(ctx, view, client.drawn, client.predictor.slot, ghost);
  },
});
const ctx = page.canvas.getContext('2d', { alpha: false })!;

if (import.meta.hot) {
  // An edit re-runs this module: leave the room and stop the loop, so two never run.
  import.meta.hot.dispose(page.scope.dispose);
  import.meta.hot.accept();
}
