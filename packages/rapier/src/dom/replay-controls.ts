import type { Scope } from '@loop/core/dom';
import { pickedFile, type ReplayPanel } from './replay-panel.js';

/** The page's replay controls that {@link bindReplayControls} wires. */
export interface ReplayControls {
  /** The replay speed chosen, its options' values numbers (0.25 to 2 in the template). */
  readonly speed: HTMLSelectElement;
  /** The "Save recording" button. */
  readonly save: HTMLButtonElement;
  /** The file picker of "Load recording". */
  readonly load: HTMLInputElement;
  /** Reads the picked file and shows what became of it. */
  readonly panel: ReplayPanel;
}

/**
 * Where the controls' requests go: the main thread's `InstantReplay` directly, or messages to the
 * worker that runs it (`ReplayRequest` of @loop/rapier).
 */
export interface ReplayTarget {
  /** A replay's speed chosen: at once, and at each change. */
  speed(value: number): void;
  /** Save asked for. */
  save(): void;
  /** A picked recording's bytes, to replay. */
  load(bytes: Uint8Array): void;
  /** A picked file that could not be read, to show why. */
  refuse(error: unknown): void;
}

/**
 * Wires the speed, save and load controls of a page to `target`, listeners held by `scope` (so a
 * hot update removes them): the same three controls in either mode, only where their requests go
 * differs. The speed is sent once now, so the game starts at the speed the page shows.
 */
export function bindReplayControls(
  scope: Scope,
  controls: ReplayControls,
  target: ReplayTarget,
): void {
  const { speed, save, load, panel } = controls;
  const sendSpeed = () => target.speed(Number(speed.value));
  sendSpeed();
  scope.listen(speed, 'change', sendSpeed);
  scope.listen(save, 'click', () => target.save());
  scope.listen(load, 'change', () => {
    const file = pickedFile(load);
    if (file) {
      void panel.load(
        file,
        (bytes) => target.load(bytes),
        (error) => target.refuse(error),
      );
    }
  });
}
