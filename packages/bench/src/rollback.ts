/**
 * What a rollback costs on Rapier's deterministic build (`@dimforge/rapier3d-deterministic-compat`),
 * beside a plain step: a world of boxes falling into a pile on a floor (every body awake and in
 * contact, the dear case), a keyframe taken mid-collision, then, round after round, what a
 * rollback session does when a late input says 8 ticks were stepped with a wrong prediction:
 * restore the keyframe (`WorldState.loadState`: `World.restoreSnapshot`, the bodies found again
 * by handle), step 8 ticks and read every body's pose after each (what `@loop/rapier/rollback`'s
 * `RapierRollback` does in `load`, `step` and `capture`), and, as the session also does, take a
 * snapshot after each re-stepped tick (its `save`). The issue's goal: 8 ticks inside one 16.7 ms
 * frame at 100 bodies.
 *
 * Milliseconds are medians over rounds; printed, never asserted. The rollback must land on the
 * same poses every round, bit for bit, or {@link measureRollback} throws: a restore that does
 * not continue the same is a bug, not a figure.
 */
import RAPIER from '@dimforge/rapier3d-deterministic-compat';
import { WorldState } from '@loop/rapier';

type World = InstanceType<typeof RAPIER.World>;

/** Ticks a rollback steps again: a late input 8 ticks old (GGRS's default prediction window). */
export const ROLLBACK_TICKS = 8;
/** One frame at 60 Hz, in ms: what a rollback must fit inside. */
export const FRAME_MS = 1000 / 60;
/** Ticks stepped before the keyframe: the boxes are landing on each other by then. */
const SETTLE_TICKS = 45;

/** One row of the benchmark: medians in ms. */
export interface RollbackFigures {
  readonly bodies: number;
  readonly rounds: number;
  /** One `world.step()` of 1/60 s, from the keyframe on. */
  readonly step: number;
  /** `World.restoreSnapshot` and the bodies found again. */
  readonly restore: number;
  /** 8 steps with every pose read after each. */
  readonly steps: number;
  /** Restore + 8 steps + the pose reads: the rollback itself. */
  readonly rollback: number;
  /** The 8 snapshots the session takes of the re-stepped ticks. */
  readonly saves: number;
  /** Rollback and saves: the whole of it as a session runs it. */
  readonly session: number;
  /** Bytes of one snapshot. */
  readonly snapshotBytes: number;
}

/** Loads Rapier's deterministic build (its WebAssembly is inlined: no file to fetch). */
export async function loadDeterministicRapier(): Promise<void> {
  await RAPIER.init();
}

/** A floor and `n` boxes in a loose column above it, turned so they tumble. */
export function pileWorld(n: number): WorldState<World> {
  const state = new WorldState(RAPIER.World, new RAPIER.World({ x: 0, y: -9.81, z: 0 }));
  const floor = state.world.createRigidBody(RAPIER.RigidBodyDesc.fixed());
  state.world.createCollider(RAPIER.ColliderDesc.cuboid(20, 0.5, 20), floor);
  state.add(floor);
  const side = Math.ceil(Math.sqrt(n / 4));
  for (let i = 0; i < n; i++) {
    const x = (i % side) * 0.7 - side * 0.35;
    const z = (Math.floor(i / side) % side) * 0.7 - side * 0.35;
    const y = 1 + Math.floor(i / (side * side)) * 0.6;
    const desc = RAPIER.RigidBodyDesc.dynamic()
      .setTranslation(x, y, z)
      .setRotation({ x: 0.1 * (i % 3), y: 0, z: 0.05 * (i % 5), w: 1 });
    const body = state.world.createRigidBody(desc);
    state.world.createCollider(RAPIER.ColliderDesc.cuboid(0.3, 0.3, 0.3), body);
    state.add(body);
  }
  return state;
}

const v = { x: 0, y: 0, z: 0 };
const q = { x: 0, y: 0, z: 0, w: 1 };

/** Every body's pose into `out` (7 numbers a body), as `RapierRollback.capture` writes them. */
export function capturePoses(state: WorldState<World>, out: Float64Array): void {
  for (let i = 0; i < state.count; i++) {
    const body = state.bodies[i]!;
    body.translation(v);
    body.rotation(q);
    const at = i * 7;
    out[at] = v.x;
    out[at + 1] = v.y;
    out[at + 2] = v.z;
    out[at + 3] = q.x;
    out[at + 4] = q.y;
    out[at + 5] = q.z;
    out[at + 6] = q.w;
  }
}

function median(values: number[]): number {
  const sorted = values.slice().sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function stepOnce(state: WorldState<World>): void {
  state.world.timestep = 1 / 60;
  state.world.step();
}

/**
 * Measures `rounds` rollbacks of {@link ROLLBACK_TICKS} ticks in a world of `bodies` boxes (and
 * a floor) and as many plain steps; throws if a round ends on other poses than the first.
 */
export function measureRollback(bodies: number, rounds: number): RollbackFigures {
  const state = pileWorld(bodies);
  for (let t = 0; t < SETTLE_TICKS; t++) stepOnce(state);
  const keyframe = state.saveState();
  const poses = new Float64Array(state.count * 7);
  const first = new Float64Array(poses.length);
  const times = {
    step: [] as number[],
    restore: [] as number[],
    steps: [] as number[],
    saves: [] as number[],
  };
  for (let r = 0; r <= rounds; r++) {
    const t0 = performance.now();
    state.loadState(keyframe);
    const t1 = performance.now();
    let saving = 0;
    for (let t = 0; t < ROLLBACK_TICKS; t++) {
      stepOnce(state);
      capturePoses(state, poses);
      const s0 = performance.now();
      state.saveState();
      saving += performance.now() - s0;
    }
    const t2 = performance.now();
    const s0 = performance.now();
    stepOnce(state);
    const s1 = performance.now();
    if (r === 0) {
      first.set(poses); // round 0 warms up and sets the poses every round must reach
      continue;
    }
    for (let i = 0; i < poses.length; i++) {
      if (!Object.is(poses[i], first[i])) {
        throw new Error(`rollback round ${r} at ${bodies} bodies: pose number ${i} differs`);
      }
    }
    times.restore.push(t1 - t0);
    times.steps.push(t2 - t1 - saving);
    times.saves.push(saving);
    times.step.push(s1 - s0);
  }
  const restore = median(times.restore);
  const steps = median(times.steps);
  const saves = median(times.saves);
  state.free();
  return {
    bodies,
    rounds,
    step: median(times.step),
    restore,
    steps,
    rollback: restore + steps,
    saves,
    session: restore + steps + saves,
    snapshotBytes: keyframe.byteLength,
  };
}
