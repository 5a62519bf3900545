/**
 * Worker mode's simulation (main.ts starts it through `startRapierPage`): `@loop/core/worker`'s
 * fixed-step loop in this worker steps the Game that src/simulation.ts sets up, and publishes
 * after every step a snapshot of every pose that the page blends. This file only serves it.
 */
import { serveSimulation } from '@loop/core/worker';
import type { PoseLayout } from '@loop/rapier';
import { startSimulation } from './simulation';

serveSimulation<PoseLayout>(startSimulation);
