import RAPIER from '@dimforge/rapier3d-deterministic-compat';
import { createLoop } from '@loop/core';
import {
  createInput,
  createScope,
  createStatsOverlay,
  type InputSnapshot,
  stylePage,
  watchCanvas,
} from '@loop/core/dom';
import type { RollbackSession } from '@loop/net/rollback';
import { POSE_STRIDE, type RapierRollback } from '@loop/rapier/rollback';
import { drawArena, fitArena, toMetres, type View } from './draw';
import { bodyOf, TIMESTEP, type World } from './game';
import { KEYS, steerToward, writeStick } from './keys';
import { localMatch, onlineMatch } from './match';
import { Panel, sliders } from './panel';
import { readParams } from './params';

// Wiring only: the rules are game.ts, the sessions match.ts, the picture draw.ts.
const canvas = document.querySelector<HTMLCanvasElement>('#game')!;
const hud = document.querySelector<HTMLElement>('#hud')!;
const mode = document.querySelector<HTMLElement>('#mode')!;
stylePage({ canvas, hud });
const ctx = canvas.getContext('2d', { alpha: false })!;
const params = readParams(location.search);
/** A finger this far from your ball, in metres, or farther, pushes at full stick. */
const FINGER_REACH_M = 1;
/** The computer's stick is full this far off, beyond the platform: it comes on at half or less. */
const BOT_REACH_M = 12;

/** Everything this module starts, stopped in one call when a hot update replaces it. */
const scope = createScope();
if (import.meta.hot) {
  // An edit re-runs this module: leave the match and stop the loop, so two never run.
  import.meta.hot.dispose(scope.dispose);
  import.meta.hot.accept();
}
// Keys and the pointer, latched and sampled once per fixed step (the arrows would scroll).
const input = scope.add(
  createInput({ pointer: canvas, preventDefault: KEYS.flatMap((map) => Object.values(map)) }),
);
/** The arena's square in the canvas (CSS pixels), also its data-playfield for the layout tests. */
const view: View = { left: 0, top: 0, side: 0, ratio: 1 };
scope.add(
  watchCanvas(canvas, (size) => {
    fitArena(size.width, size.height, size.ratio, view);
    canvas.dataset.playfield = `${view.left} ${view.top} ${view.side} ${view.side}`;
  }),
);
await RAPIER.init();
document.querySelector('#loading')?.remove();

/** The signaling server's port: `npm run dev` and `preview` serve it (vite.config.ts), a static host not. */
async function signalPort(): Promise<number | null> {
  try {
    const response = await fetch('/__signal');
    const { port } = (await response.json()) as { port?: unknown };
    return response.ok && typeof port === 'number' && port > 0 ? port : null;
  } catch {
    return null; // a static host's 404 page is no JSON
  }
}

let sessions: RollbackSession[];
/** Each session's own game: both players' in local play, this page's one online. */
let games: RapierRollback<World>[];
let pump = () => {};
let players = 2;
/** This page's player (its seat online); in local play, player 1 and the arrows' player 2. */
let me = 0;
let routes: (() => string) | undefined;
const port = params.match === null ? null : await signalPort();
if (port === null) {
  const path = {
    latency: params.latency,
    jitter: params.latency / 4,
    loss: params.loss,
    reorder: 0.1,
  };
  const local = localMatch(path);
  ({ sessions, games, pump } = local);
  scope.add(sliders(hud, params.latency, params.loss, local.condition));
  mode.textContent =
    (params.match === null
      ? ''
      : 'Online play needs the signaling server that npm run dev and npm run preview start; this host has none, so this is local play. ') +
    'Red: WASD, or hold a finger where to go. Green: the computer, until an arrow key is pressed.';
} else {
  players = params.players;
  me = params.seat;
  mode.textContent = `Waiting for ${players} players in match ${params.match}…`;
  const online = await onlineMatch(`ws://${location.hostname}:${port}`, params.match!, me, players);
  scope.add(online.close);
  scope.listen(window, 'pagehide', online.close);
  sessions = [online.session];
  games = [online.game];
  routes = online.routes;
  scope.add(sliders(hud, null, null, () => {}));
  mode.textContent = `Online: match ${params.match}, seat ${me + 1} of ${players}. WASD, or hold a finger where to go.`;
}

const drawn = games[0]!;
/** The poses of the tick before the present one: what alpha interpolates from. */
const previous = new Float64Array(drawn.poses.length);
const panel = new Panel(document.querySelector('#stats')!, players, routes);
/** Whether a person plays green: once an arrow key is pressed, or with `?computer=0`. */
let human = !params.computer;

/**
 * Session `i`'s stick this step: its keys; else your ball heads for a held finger (or mouse
 * button); in local play the computer steers green toward red (toward the middle while red
 * falls) until an arrow is pressed. Allocates nothing.
 */
function steer(keys: InputSnapshot, i: number, out: Int32Array): void {
  if (writeStick(keys, KEYS[i]!, out)) {
    human ||= i === 1;
    return;
  }
  const poses = games[i]!.poses;
  const ball = bodyOf.ball(i === 0 ? me : 1) * POSE_STRIDE;
  const x = poses[ball]!;
  const z = poses[ball + 2]!;
  const p = keys.pointer;
  if (i === 0 && p.count > 0) {
    steerToward(x, z, toMetres(view, p.x, 'x'), toMetres(view, p.y, 'z'), FINGER_REACH_M, out);
  } else if (i === 1 && !human) {
    const red = bodyOf.ball(0) * POSE_STRIDE;
    const falling = poses[red + 1]! < 0;
    steerToward(x, z, falling ? 0 : poses[red]!, falling ? 0 : poses[red + 2]!, BOT_REACH_M, out);
  }
}

const loop = createLoop({
  timestep: TIMESTEP,
  update() {
    previous.set(drawn.poses);
    pump();
    const keys = input.sample();
    for (let i = 0; i < sessions.length; i++) {
      steer(keys, i, sessions[i]!.input);
      sessions[i]!.update();
    }
  },
  render(alpha, state) {
    drawArena(ctx, view, previous, drawn.poses, alpha, players);
    panel.show(sessions, drawn, state.now);
  },
});
scope.add(loop).start();
scope.add(createStatsOverlay(loop, { label: 'rollback: 60 Hz ticks' }));

// Read-only, for the e2e test and a desync hunt in the console: this page's confirmed tick, and
// its session's checksum of a confirmed tick (−1 when not held: the last 128 are).
const session = sessions[0]!;
Object.assign(window, {
  rollback: Object.freeze({
    confirmed: () => session.confirmed,
    checksum: (tick: number) => session.checksum(tick),
  }),
});
