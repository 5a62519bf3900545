import { createInput, createScope, createStatsOverlay, stylePage } from '@loop/core/dom';
import { capLabel, DEFAULT_FPS, Game, pressCapButton } from './game';
import { Swarm } from './swarm';

const canvas = document.querySelector<HTMLCanvasElement>('#game')!;
const capButtons = document.querySelectorAll<HTMLButtonElement>('#hud button[data-fps]');
// Full-viewport canvas and the HUD panel; style.css holds what is this game's own.
stylePage({ canvas, hud: document.querySelector<HTMLElement>('#hud')! });
const ctx = canvas.getContext('2d', { alpha: false })!;

/** Everything this module starts, stopped in one call when a hot update replaces it. */
const scope = createScope();

const input = scope.add(createInput({ pointer: canvas }));
// The loop (frames capped at DEFAULT_FPS), the swarm stepped and drawn blended.
const game = new Game(new Swarm(400), ctx, input);
// The canvas in device pixels, at most MAX_DPR per CSS pixel.
scope.add(game.watch(canvas));
const loop = game.loop;
// Stops while the page is hidden (app switch, locked screen): no work, no battery. It resumes
// where it was, without replaying the hidden time.
scope.add(loop).start();

const overlay = scope.add(createStatsOverlay(loop, { label: capLabel(DEFAULT_FPS) }));

/** A cap button: the loop's cap, the overlay's label and which button shows pressed. */
function setCap(fps: number): void {
  overlay.label = game.setCap(fps);
  pressCapButton(capButtons, fps);
}
const onCap = (event: Event) => {
  setCap(Number((event.currentTarget as HTMLButtonElement).dataset.fps));
};
for (const button of capButtons) scope.listen(button, 'click', onCap);

if (import.meta.hot) {
  // An edit re-runs this module: stop everything it started, so two loops never run.
  import.meta.hot.dispose(scope.dispose);
  import.meta.hot.accept();
}
