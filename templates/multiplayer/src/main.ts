import { createLoop } from '@loop/core';
import {
  createInput,
  createScope,
  createStatsOverlay,
  type InputSnapshot,
  stylePage,
  watchCanvas,
} from '@loop/core/dom';
import { NetFigures, NetSwitches } from '@loop/net';
import { joinLink } from '@loop/net/colyseus-client';
import {
  conditionerFromUrl,
  keyAxis,
  linkStatus,
  measurePanels,
  PANELS,
  pressSwitchKeys,
  type View,
} from '@loop/net/dom';
import { Client } from 'colyseus.js';
import { ArenaClient } from './client/arena-client';
import { drawArena } from './page/draw';
import { steerToward } from './page/touch-steer';
import { FrameTrace } from './page/trace';
import { BUTTON_BOOST, STICK_MAX } from './shared/input';

/**
 * Switches in the page's URL, for demos and tests: `?net=bad` starts with the bad network on,
 * `seed=N` seeds its draws (@loop/net/dom's conditionerFromUrl), `trace` records every frame
 * (window.arenaTrace, see trace.ts).
 */
const params = new URLSearchParams(location.search);

const canvas = document.querySelector<HTMLCanvasElement>('#game')!;
const hud = document.querySelector<HTMLElement>('#hud')!;
const status = document.querySelector<HTMLElement>('#status')!;
const buttons = {
  predict: document.querySelector<HTMLButtonElement>('#predict')!,
  interpolate: document.querySelector<HTMLButtonElement>('#interpolate')!,
  conditioner: document.querySelector<HTMLButtonElement>('#conditioner')!,
};
stylePage({ canvas, hud });
const ctx = canvas.getContext('2d', { alpha: false })!;
const view: View = { width: 1, height: 1, ratio: 1, panels: new Float64Array(PANELS) };

/**
 * The corners the stats overlay (top left) and the HUD (bottom right) take over the canvas, for
 * the arena to keep clear of them (@loop/net/dom's letterbox): measured when a panel opens,
 * folds or wraps and when the canvas resizes, never per frame.
 */
function measure(): void {
  measurePanels(view.panels!, canvas, document.querySelector('[data-loop-stats]'), hud);
}
const panelSizes = new ResizeObserver(measure);
panelSizes.observe(hud);

/** Everything this module starts, stopped in one call when a hot update replaces it. */
const scope = createScope();
scope.add(
  watchCanvas(canvas, (size) => {
    view.width = size.width;
    view.height = size.height;
    view.ratio = size.ratio;
    measure();
  }),
);
scope.add(() => panelSizes.disconnect());
const ARROWS = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Space'];
const input = scope.add(createInput({ pointer: canvas, preventDefault: ARROWS, buttons: hud }));
/** The stick and buttons a held finger gives (touch-steer.ts), rewritten each step. */
const steer = new Float64Array(3);

/**
 * Joins the arena through the dev server's proxy (vite.config.ts): the link, the conditioner
 * on it (`?net=bad` switches it on, `seed=N` seeds it), the arena's client over both, and the
 * frame trace when `?trace` asks for one.
 */
async function join() {
  let client: ArenaClient | undefined;
  const link = await joinLink(
    new Client(`${location.origin}/colyseus`),
    'arena',
    {},
    {
      onState: (state, code) => {
        status.textContent = linkStatus(state, code, client?.predictor.slot ?? 0);
      },
    },
  );
  scope.add(() => void link.leave());
  const conditioner = conditionerFromUrl(link, params);
  client = new ArenaClient(conditioner);
  const trace = params.has('trace') ? new FrameTrace() : undefined;
  if (trace) Object.assign(window, { arenaTrace: { trace, client, roomId: link.room.roomId } });
  return { client, conditioner, trace };
}

/** This frame's keys and pointer into the client's input: keys first, else a held finger. */
function steerFrom(keys: InputSnapshot, client: ArenaClient): void {
  const x = keyAxis(keys, 'KeyD', 'ArrowRight', 'KeyA', 'ArrowLeft');
  const y = keyAxis(keys, 'KeyS', 'ArrowDown', 'KeyW', 'ArrowUp');
  const boost = keys.isDown('ShiftLeft') || keys.isDown('ShiftRight') ? BUTTON_BOOST : 0;
  const p = keys.pointer;
  if (
    x === 0 &&
    y === 0 &&
    p.count > 0 &&
    steerToward(p.x, p.y, view, client.drawn, client.predictor.slot, steer)
  ) {
    client.setInput(steer[0]!, steer[1]!, boost | steer[2]!);
  } else {
    client.setInput(x * STICK_MAX, y * STICK_MAX, boost);
  }
}

/**
 * Joins, then runs one loop: each frame samples the keys into this tick's input, pumps the
 * conditioner, lets the client ping, predict and send, and draws what the client says. The
 * fixed step lives in the client (it steps the same simulation as the server to the tick the
 * server's clock calls for), so the page loop is a variable one: a frame, whatever its length,
 * is one update and one render.
 */
async function start(): Promise<void> {
  const { client, conditioner, trace } = await join();
  const switches = new NetSwitches(client, conditioner, buttons);
  status.textContent = 'Joined; waiting for the first snapshot…';
  let steps = 0;
  let seated = false;
  const loop = createLoop({
    mode: 'variable',
    update() {
      const keys = input.sample();
      pressSwitchKeys(switches, keys);
      steerFrom(keys, client);
      conditioner.pump();
      steps = client.update();
      if (client.predictor.started !== seated) {
        seated = client.predictor.started;
        status.textContent = `In the arena, seat ${client.predictor.slot + 1}`;
      }
    },
    render(_alpha, state) {
      client.draw();
      trace?.record(state.now, client, steps);
      steps = 0;
      const ghost = client.predict ? client.latest : undefined;
      drawArena(ctx, view, client.drawn, client.predictor.slot, ghost);
    },
  });
  scope.add(loop).start();
  const figures = new NetFigures(client, conditioner);
  const overlay = scope.add(
    createStatsOverlay(loop, {
      label: 'arena: 60 Hz steps, 20 Hz snapshots',
      lines: () => figures.lines(performance.now()),
    }),
  );
  panelSizes.observe(overlay.element);
}

start().catch((error: unknown) => {
  status.textContent = `Could not join: ${error instanceof Error ? error.message : String(error)}`;
});

if (import.meta.hot) {
  // An edit re-runs this module: leave the room and stop the loop, so two never run.
  import.meta.hot.dispose(scope.dispose);
  import.meta.hot.accept();
}
