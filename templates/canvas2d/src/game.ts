import type { InputSnapshot } from '@loop/core/dom';
import { draw } from './draw';
import type { World } from './world';

/**
 * The game between the page and the world: what one fixed step does with the input (KeyI
 * switches interpolation) and what one frame draws. Apart from main.ts, which only wires the
 * page, so that tests drive both with a recording 2D context: the interpolation switch and the
 * alpha a frame draws at are checked, not only the simulation.
 */
export class Game {
  /** Whether a frame is drawn blended at its alpha, or as the latest step (alpha 1). */
  interpolate = true;
  /** Device pixels per CSS pixel of the canvas (watchCanvas's ratio). */
  ratio = 1;
  /** Receives the blended positions each frame, so a frame allocates nothing. */
  private readonly scratch: Float64Array;

  constructor(
    readonly world: World,
    private readonly ctx: CanvasRenderingContext2D,
  ) {
    this.scratch = new Float64Array(world.positions.current.length);
  }

  /**
   * One fixed step of `dt` seconds with this step's input. Returns whether KeyI switched
   * interpolation, so the page relabels its button only then.
   */
  update(dt: number, keys: InputSnapshot): boolean {
    const switched = keys.wasPressed('KeyI');
    if (switched) this.interpolate = !this.interpolate;
    this.world.step(dt, keys);
    return switched;
  }

  /**
   * Draws one frame `alpha` of the way from the previous step to the latest. With
   * interpolation off it draws at alpha 1, the latest step as is: what a loop without
   * interpolation shows, a picture that moves only when a step ran.
   */
  render(alpha: number): void {
    draw(this.ctx, this.world, this.interpolate ? alpha : 1, this.ratio, this.scratch);
  }
}

/** What the HUD says of the interpolation switch: see {@link describeMode}. */
export interface ModeText {
  /** The switch's label, with its key. */
  label: string;
  /** The switch's `aria-pressed`. */
  pressed: 'true' | 'false';
  /** The line above it: what the player sees and why. */
  mode: string;
}

/**
 * The HUD's words for interpolation on or off at `hz` steps a second: the switch's label and
 * state, and a line that says what to look for (with it off, the picture moves only when a
 * step runs, so it stutters). Apart from main.ts so a test reads them as a player would.
 */
export function describeMode(interpolate: boolean, hz: number): ModeText {
  return {
    label: `Interpolation: ${interpolate ? 'on' : 'off'} (I)`,
    pressed: interpolate ? 'true' : 'false',
    mode: interpolate
      ? `Simulation ${hz} Hz, drawn every frame between two steps. Switch interpolation off to see the stutter it removes.`
      : `Simulation ${hz} Hz, drawn as is: the picture moves only when a step runs, so it stutters.`,
  };
}
