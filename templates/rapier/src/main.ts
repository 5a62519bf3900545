import { startRapierPage } from '@loop/rapier/dom';
import { threePageView } from '@loop/rapier/three';
import { BUILD } from './build';
import { Controls, PULSES } from './controls';
import { BOXES, gameOptions, KEYFRAME_SECONDS, MAX_STEPS, SIMULATION_HZ } from './page';
import { View } from './scene';

/**
 * The page: `startRapierPage` of @loop/rapier/dom does what every Rapier game with instant replay
 * does (the mode from the URL, `?mode=worker`; Rapier loaded behind the loading line; the loop,
 * the overlay, the replay panel and controls; the HUD folded on a phone). This file gives this
 * game's choices: its settings, its controls, its drawing, and where its game is made.
 */
const options = gameOptions();
const page = startRapierPage({
  label: `rapier ${SIMULATION_HZ} Hz`,
  timestep: options.timestep,
  maxSteps: MAX_STEPS,
  keyframeSeconds: KEYFRAME_SECONDS,
  bodies: BOXES + 1,
  init: options,
  controls: new Controls(),
  pulses: PULSES,
  build: BUILD,
  // Boxes drop onto the pile as the scene shows (B, a command of the simulation: recorded and
  // replayed like any other), so the physics is on show at once.
  openingKeys: ['KeyB'],
  // Main-thread mode is a chunk of its own: worker mode's page never downloads Rapier.
  async mainThread(progress) {
    const [{ Game }, { loadRapier }] = await Promise.all([
      import('./game'),
      import('virtual:rapier-wasm'),
    ]);
    await loadRapier(progress);
    return new Game(options);
  },
  worker: () => new Worker(new URL('./sim.worker.ts', import.meta.url), { type: 'module' }),
  // The renderer around this game's drawing (@loop/rapier/three): without WebGL the page says
  // so, and the simulation, its overlay and replays run undrawn.
  view: threePageView((poses) => new View(poses)),
});
if (import.meta.hot) {
  // An edit re-runs this module: stop everything it started (the worker too), so two
  // simulations never run.
  import.meta.hot.dispose(page.dispose);
  import.meta.hot.accept();
}
