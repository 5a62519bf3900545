import { vi } from 'vitest';
import type { LoopParams } from '../lanes.js';

/** Every loop parameter away from the lab's defaults; 20 ms steps make alpha 0.25 at 25 ms. */
export const TEST_PARAMS: LoopParams = {
  timestep: 20,
  maxDelta: 250,
  maxSteps: 8,
  overflow: 'drop',
  maxFps: 30,
  timeScale: 1,
  cost: 0.5,
};

/**
 * Stubs a page `document` whose visibility a test changes: a loop that watches it would start
 * over after {@link hideAndShow}. Undo with `vi.unstubAllGlobals()`.
 */
export function stubPage(): { hideAndShow(): void } {
  const listeners: (() => void)[] = [];
  const page = {
    visibilityState: 'visible',
    addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
    removeEventListener: () => {},
  };
  vi.stubGlobal('document', page);
  return {
    hideAndShow() {
      for (const state of ['hidden', 'visible']) {
        page.visibilityState = state;
        for (const listener of listeners) listener();
      }
    },
  };
}
