import { createLoop, type Loop, type LoopOptions } from '@loop/core';
import { type Input, watchCanvas } from '@loop/core/dom';
import { draw } from './draw';
import type { Swarm } from './swarm';

/**
 * Phones: 30 fps halves the GPU and CPU work of 60 and is smooth enough for most games.
 * The simulation still steps at 60 Hz (two steps a frame at 30 fps), so the game plays the
 * same at either cap.
 */
export const DEFAULT_FPS = 30;
/** More than 2 device pixels per CSS pixel costs fill rate and battery for little to see. */
export const MAX_DPR = 2;

/**
 * The game between the page and the swarm: the loop with its FPS cap, the canvas fitted with
 * the pixel-ratio cap, one step per fixed step with that step's input, one frame drawn blended.
 * Apart from main.ts, which only wires the page (buttons, overlay), so that tests run it on the
 * manual scheduler against a recording 2D context: both caps are checked where they act.
 */
export class Game {
  /** The loop: 60 steps a second, frames capped at {@link DEFAULT_FPS} until {@link setCap}. */
  readonly loop: Loop;
  /** Device pixels per CSS pixel of the canvas, at most {@link MAX_DPR}. */
  ratio = 1;
  /** Receives the blended positions each frame, so a frame allocates nothing. */
  private readonly scratch: Float64Array;

  /** `scheduler`: the loop's ('raf' on the page; 'manual' in a test). */
  constructor(
    readonly swarm: Swarm,
    ctx: CanvasRenderingContext2D,
    input: Input,
    scheduler?: LoopOptions['scheduler'],
  ) {
    this.scratch = new Float64Array(swarm.count * 2);
    this.loop = createLoop({
      maxFps: DEFAULT_FPS,
      scheduler,
      update: (dt) => swarm.step(dt, input.sample()), // input sampled once per fixed step
      render: (alpha) => draw(ctx, swarm, alpha, this.ratio, this.scratch),
    });
  }

  /**
   * Keeps `canvas` sized in device pixels, at most {@link MAX_DPR} per CSS pixel, and the
   * swarm's walls at its CSS size. Returns the function that stops watching.
   */
  watch(canvas: HTMLCanvasElement): () => void {
    return watchCanvas(
      canvas,
      (size) => {
        this.swarm.resize(size.width, size.height);
        this.ratio = size.ratio;
      },
      { maxDpr: MAX_DPR },
    );
  }

  /**
   * The FPS cap is a render setting, not game state: it changes at once, outside the steps.
   * Returns the overlay's label for it.
   */
  setCap(fps: number): string {
    this.loop.maxFps = fps;
    return capLabel(fps);
  }
}

/** The stats overlay's label: the FPS cap and the pixel-ratio cap in force. */
export function capLabel(fps: number): string {
  return `cap ${fps} fps · dpr ≤ ${MAX_DPR}`;
}

/** A cap button as {@link pressCapButton} reads and writes it (an `HTMLButtonElement`). */
export interface CapButton {
  readonly dataset: { fps?: string };
  setAttribute(name: 'aria-pressed', value: string): void;
}

/**
 * Shows which cap button is in force: `aria-pressed` true on the one whose `data-fps` is `fps`,
 * false on the others, so the HUD and a screen reader say the same cap as the loop.
 */
export function pressCapButton(buttons: Iterable<CapButton>, fps: number): void {
  for (const button of buttons) {
    button.setAttribute('aria-pressed', String(Number(button.dataset.fps) === fps));
  }
}
