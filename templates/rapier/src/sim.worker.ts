/**
 * Worker mode's simulation (src/worker-page.ts starts it): `@loop/core/worker`'s fixed-step loop
 * in this worker steps the Game that src/simulation.ts sets up, and publishes after every step a
 * snapshot of every pose that the page blends. This file only serves it: the logic is there.
 */
import { serveSimulation } from '@loop/core/worker';
import type { PoseLayout } from '@loop/rapier';
import { startSimulation } from './simulation';

serveSimulation<PoseLayout>(startSimulation);
