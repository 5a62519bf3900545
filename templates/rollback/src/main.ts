import RAPIER from '@dimforge/rapier3d-deterministic-compat';
import { createLoop } from '@loop/core';
import type { RollbackSession } from '@loop/net/rollback';
import type { RapierRollback } from '@loop/rapier/rollback';
import { drawArena } from './draw';
import { TIMESTEP, type World } from './game';
import { KEYS, watchKeys, writeStick } from './keys';
import { localMatch, onlineMatch } from './match';
import { Panel, sliders } from './panel';
import { readParams } from './params';

// Wiring only: the rules are game.ts, the sessions match.ts, the picture draw.ts.
const canvas = document.querySelector<HTMLCanvasElement>('#game')!;
const ctx = canvas.getContext('2d', { alpha: false })!;
const mode = document.querySelector<HTMLElement>('#mode')!;
const params = readParams(location.search);
const keys = watchKeys(window);
await RAPIER.init();
document.querySelector('#loading')?.remove();

let sessions: RollbackSession[];
let drawn: RapierRollback<World>;
let pump = () => {};
let players = 2;
let routes: (() => string) | undefined;
if (params.match === null) {
  const path = {
    latency: params.latency,
    jitter: params.latency / 4,
    loss: params.loss,
    reorder: 0.1,
  };
  const local = localMatch(path, () => performance.now());
  ({ sessions, pump } = local);
  drawn = local.games[0]!;
  sliders(params.latency, params.loss, local.condition);
  mode.textContent = 'Local: player 1 on WASD, player 2 on the arrows, over a conditioned link.';
} else {
  players = params.players;
  // The dev and preview servers start the signaling server on a free port (vite.config.ts).
  const { port } = (await (await fetch('/__signal')).json()) as { port: number };
  mode.textContent = `Waiting for ${players} players in match ${params.match}…`;
  const online = await onlineMatch(
    `ws://${location.hostname}:${port}`,
    params.match,
    params.seat,
    players,
  );
  sessions = [online.session];
  drawn = online.game;
  routes = online.routes;
  addEventListener('pagehide', online.close);
  sliders(null, null, () => {});
  mode.textContent = `Online: match ${params.match}, seat ${params.seat + 1} of ${players}, WASD.`;
}

/** The poses of the tick before the present one: what alpha interpolates from. */
const previous = new Float64Array(drawn.poses.length);
const panel = new Panel(document.querySelector('#stats')!, players, routes);

const loop = createLoop({
  timestep: TIMESTEP,
  update() {
    previous.set(drawn.poses);
    pump();
    for (let i = 0; i < sessions.length; i++) {
      const session = sessions[i]!;
      writeStick(keys.held, KEYS[params.match === null ? i : 0]!, session.input);
      session.update();
    }
  },
  render(alpha, state) {
    drawArena(ctx, previous, drawn.poses, alpha, players);
    panel.show(sessions, drawn, state.now);
  },
});
loop.start();
