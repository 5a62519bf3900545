import { FrameTrace, startNetPage } from '@loop/net/dom';
import { Client } from 'colyseus.js';
import { ArenaClient } from './client/arena-client';
import { ghostOf, steerFrom, wantsTrace } from './page/arena-page';
import { drawArena } from './page/draw';

/** `?trace`: every frame recorded (window.arenaTrace) for the tests and bug reports. */
const trace = wantsTrace(location.search) ? new FrameTrace() : undefined;

/**
 * The arena's page: @loop/net/dom's startNetPage joins the room through the dev server's proxy
 * (vite.config.ts) and runs the page (the HUD, the switches, `?net=bad`, the overlay, one loop);
 * the arena brings its client, its steering and its drawing (page/: each tested in Node), and
 * `?trace`. Wiring only, so it is not mutated.
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
    drawArena(ctx, view, client.drawn, client.predictor.slot, ghostOf(client));
  },
});
const ctx = page.canvas.getContext('2d', { alpha: false })!;

if (import.meta.hot) {
  // An edit re-runs this module: leave the room and stop the loop, so two never run.
  import.meta.hot.dispose(page.scope.dispose);
  import.meta.hot.accept();
}
