import type { Loop } from '@loop/core';
import type { CanvasSize, Input, Scope } from '@loop/core/dom';
import type { WorkerLoop } from '@loop/core/worker';
import type { LoadingView, PhysicsFigures } from '@loop/rapier';
import type { ReplayPanel } from '@loop/rapier/dom';
import type { WebGLRenderer } from 'three';
import type { View } from './scene';

/** 60 steps a second: Rapier's own default, and smooth on most displays with interpolation. */
export const SIMULATION_HZ = 60;
/** Boxes in the pile: 1 000 dynamic bodies plus the ball. */
export const BOXES = 1000;
/**
 * At most 4 steps per frame (the default is 10). When 1 000 boxes are awake a step can cost
 * more than its 16.7 ms on a slow machine; with a low cap the game slows down and keeps
 * drawing several frames a second, instead of spending every frame on 10 steps and showing
 * one or two. The overlay's `dropped` counts the time given up.
 */
export const MAX_STEPS = 4;
/** Seconds between keyframes (whole-state snapshots) of the recording: the Game's default. */
export const KEYFRAME_SECONDS = 2;
/** How often the replay status is rewritten, in ms (the overlay keeps its own 250 ms). */
export const REFRESH_MS = 250;

/** Where the simulation runs: on the page's main thread, or in a worker (`?mode=worker`). */
export type Mode = 'main' | 'worker';

/**
 * What both modes share on the page: the canvas and its renderer, the view, the input, the
 * replay panel and its controls, and the scope that a hot update disposes.
 */
export interface Page {
  readonly scope: Scope;
  readonly canvas: HTMLCanvasElement;
  /** Null where WebGL cannot start: the page says so and nothing is drawn. */
  readonly renderer: WebGLRenderer | null;
  readonly input: Input;
  readonly panel: ReplayPanel;
  /** The replay speed chosen (0.25 to 2). */
  readonly speed: HTMLSelectElement;
  /** The file picker of "Load recording". */
  readonly fileInput: HTMLInputElement;
  /** The "Save recording" button. */
  readonly save: HTMLButtonElement;
  /** The line that shows Rapier's WebAssembly loading: each mode calls `done` when it draws. */
  readonly loading: LoadingView;
  /** Says on the status line that the game stopped, and logs the stack. */
  stopped(error: unknown): void;
  /** Called with the canvas size whenever it changes: the mode's view sets it. */
  onResize: (size: CanvasSize) => void;
}

/** A mode started on a page: its loop, and the physics figures for the overlay. */
export interface Started {
  readonly loop: Loop | WorkerLoop;
  figures(): PhysicsFigures;
}

/** Starts a mode's simulation and drawing on `page`. */
export type StartMode = (page: Page) => Started;

/** The options a Game gets in either mode. */
export function gameOptions() {
  return { boxes: BOXES, timestep: 1000 / SIMULATION_HZ, keyframeSeconds: KEYFRAME_SECONDS };
}

/** Draws `view` once: what each frame ends with in both modes (nothing without WebGL). */
export function draw(renderer: WebGLRenderer | null, view: View): void {
  renderer?.render(view.scene, view.camera);
}
