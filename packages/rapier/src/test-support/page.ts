import type { CanvasSize } from '@loop/core/dom';
import type { DrawnPoses } from '../drawn-poses.js';
import type { FrameTime } from '../frame-time.js';
import { loadRapier } from './rapier.js';
import { BoxGame } from './replay-game.js';

/**
 * What the browser tests of the page start-up build on: a game's page (its canvas and its HUD
 * with its own help and moves), a view that records what it is asked to draw, controls that
 * record the keys each step saw, and the tests' BoxGame loaded as a game's `mainThread` does.
 */

/** The game's own HUD: its help (behind More) and its moves (live play only). */
export const GAME_HUD =
  '<p class="more">Push the boxes.</p>' +
  '<div class="row live-only"><button id="push" type="button" data-key="KeyJ">Push</button></div>';

/** Puts a game's page in the document: the canvas `#game` and the HUD `#hud` holding `hud`. */
export function mountPage(hud = GAME_HUD): HTMLElement {
  for (const old of document.head.querySelectorAll('style[data-loop-rapier]')) old.remove();
  document.body.innerHTML = `<canvas id="game"></canvas><div id="hud">${hud}</div>`;
  return document.getElementById('hud')!;
}

/** A view that records its draws, sizes and disposal, and the poses it was made for. */
export function recordingView() {
  const record = {
    poses: undefined as DrawnPoses | undefined,
    canvas: undefined as HTMLCanvasElement | undefined,
    draws: [] as { alpha: number; time: number; dt: number }[],
    sizes: [] as CanvasSize[],
    disposed: 0,
    /** Throws from the draw of this number (1 is the first), if set. */
    failAt: 0,
  };
  const view = (poses: DrawnPoses, canvas: HTMLCanvasElement) => {
    record.poses = poses;
    record.canvas = canvas;
    return {
      draw(alpha: number, frame: FrameTime) {
        record.draws.push({ alpha, time: frame.time, dt: frame.dt });
        if (record.draws.length === record.failAt) throw new Error('the view broke');
      },
      resize(size: CanvasSize) {
        record.sizes.push(size);
      },
      dispose() {
        record.disposed++;
      },
    };
  };
  return { record, view };
}

/** BoxGame's two controls read from the keys: J pushes box 0; each step's pressed keys kept. */
export function recordingControls(keys: readonly string[] = ['KeyJ']) {
  const values = new Float64Array(2);
  const pressed: { step: number; codes: string[] }[] = [];
  let step = 0;
  return {
    pressed,
    controls: {
      values,
      read(input: { wasPressed(code: string): boolean }) {
        step++;
        const codes = keys.filter((code) => input.wasPressed(code));
        if (codes.length > 0) pressed.push({ step, codes });
        values[0] = input.wasPressed('KeyJ') ? 1 : 0;
        return values;
      },
    },
  };
}

/** A BoxGame that counts its disposals. */
export class CountedGame extends BoxGame {
  disposed = 0;

  override dispose(): void {
    this.disposed++;
    super.dispose();
  }
}

/** A game's `mainThread`: Rapier loaded (telling `progress`), then a game of `boxes` boxes. */
export function mainThreadGame(boxes = 4) {
  const made: CountedGame[] = [];
  return {
    made,
    async mainThread(progress: (loaded: number, total: number) => void) {
      await loadRapier(progress);
      progress(1, 2); // the tests' loader loaded Rapier once already: say something anyway
      const game = new CountedGame(boxes);
      made.push(game);
      return game;
    },
  };
}

/** Waits a frame at a time (at most `frames`) until `done()` holds; throws if it never does. */
export async function untilFrame(done: () => boolean, what: string, frames = 1200): Promise<void> {
  for (let i = 0; i < frames; i++) {
    if (done()) return;
    await new Promise((resolve) => setTimeout(resolve, 16));
  }
  throw new Error(`never happened: ${what}`);
}

/** Waits `ms` of real time (a few frames of the page's loop). */
export function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
