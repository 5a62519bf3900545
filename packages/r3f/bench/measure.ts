/**
 * The measurements of the R3F benchmark, the same for every side: page JS and heap growth per
 * 60 Hz frame, steps on a hostile display (a 500 ms stall, then 30 Hz), and how far each
 * instanced body is drawn from its true interpolated pose at 144 Hz. A side gives a mounted scene
 * as `frame(seconds)`, its `InstancedMesh` and a {@link Probe} it fills at every step. Prints;
 * never fails on speed.
 */
import type { InstancedMesh } from 'three';

/** The fixed step of every side: Rapier's step at 1/60 s. */
export const STEP_S = 1 / 60;

/**
 * Which side ran: ours through the bridge, ours on @loop/rapier, theirs, or the baseline: an
 * empty `<FixedLoop>`, R3F's frame and the test renderer alone (what every side pays anyway).
 */
export type Side = 'loop-bridge' | 'loop-rapier' | 'react-three-rapier' | 'r3f-alone';

/** What one side's run printed. */
export interface SideFigures {
  side: Side;
  bodies: number;
  /** Frames timed for {@link msPerFrame} (fewer at 10 000 bodies). */
  frames: number;
  /** Mean page JS per 60 Hz frame, ms (Rapier's step included: see each side for its build). */
  msPerFrame: number;
  /** Of {@link msPerFrame}, the mean time inside Rapier's `world.step()`: the rest is the side's own. */
  stepMs: number;
  /** Heap growth per frame over a window with no collection forced, bytes (about). */
  bytesPerFrame: number;
  /**
   * `loop-rapier` only: page JS and heap growth per frame with Rapier's calls left out of the
   * steps (`world.step()` and the pose reads, whose WebAssembly glue allocates), the loop, the
   * blend of every body and R3F's frame kept. Else NaN.
   */
  msWithoutRapier: number;
  bytesWithoutRapier: number;
  /** Steps in the frame after a 500 ms stall, then the steps of each 30 Hz frame after it. */
  stallSteps: number;
  steps30: number[];
  /** At 144 Hz: mean and largest distance, m, of a drawn body from its true interpolated pose. */
  meanError: number;
  maxError: number;
}

/**
 * Counts every step and the time inside Rapier's `world.step()`, and while `poses` is on holds
 * every body's position before and after it. A side that can leave Rapier out of its steps
 * (`loop-rapier`) reads `physics`.
 */
export interface Probe {
  steps: number;
  /** Total ms inside `world.step()`, and when the running one began. */
  stepMs: number;
  stepStart: number;
  poses: boolean;
  physics: boolean;
  /** Whether the side honours `physics` (else the window without Rapier is not measured). */
  canSkipPhysics: boolean;
  prev: Float64Array;
  curr: Float64Array;
}

/** A probe for `count` bodies. */
export function probeOf(count: number): Probe {
  return {
    steps: 0,
    stepMs: 0,
    stepStart: 0,
    poses: false,
    physics: true,
    canSkipPhysics: false,
    prev: new Float64Array(3 * count),
    curr: new Float64Array(3 * count),
  };
}

/** Mean ms per 60 Hz frame over `frames` frames. */
function msPerFrameOf(frame: (s: number) => void, frames: number): number {
  const t0 = performance.now();
  for (let i = 0; i < frames; i++) frame(STEP_S);
  return (performance.now() - t0) / frames;
}

/** Heap growth per frame over `frames` 60 Hz frames, after a collection (node --expose-gc). */
function heapPerFrame(frame: (s: number) => void, frames: number): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const h0 = process.memoryUsage().heapUsed;
  for (let i = 0; i < frames; i++) frame(STEP_S);
  return Math.max(0, (process.memoryUsage().heapUsed - h0) / frames);
}

/** The boxes (1 m cubes): a grid of columns 1.5 m apart, stacked from 2 m up, over a floor at y = 0. */
export function startOf(i: number, count: number): [number, number, number] {
  const side = Math.ceil(Math.sqrt(count / 4));
  return [
    (i % side) * 1.5 - side * 0.75,
    2 + Math.floor(i / (side * side)) * 1.5,
    (Math.floor(i / side) % side) * 1.5 - side * 0.75,
  ];
}

/**
 * Brings the side's accumulator to a known phase, to within 0.1 ms, by its steps alone (every
 * side keeps its own inside): 144 Hz frames until one steps (left over: under 1/144 s), one frame
 * just short of the next step, then 0.1 ms frames until it comes.
 */
function syncPhase(frame: (s: number) => void, probe: Probe): void {
  let before = probe.steps;
  for (let k = 0; k < 20 && probe.steps === before; k++) frame(1 / 144);
  frame(STEP_S - 1 / 144 - 1e-4);
  before = probe.steps;
  for (let k = 0; k < 200 && probe.steps === before; k++) frame(1e-4);
}

/**
 * 200 frames at 144 Hz: each drawn body against its true pose, the last two steps blended at the
 * frame's true alpha (the time left over after the steps, over the timestep), every side timed
 * the same way from a known phase. The floor of this measure is 0.1 ms of phase.
 */
function measureError(
  frame: (s: number) => void,
  probe: Probe,
  mesh: InstancedMesh,
  count: number,
): { meanError: number; maxError: number } {
  probe.poses = true;
  syncPhase(frame, probe);
  let leftover = 0;
  let sum = 0;
  let max = 0;
  let n = 0;
  const array = mesh.instanceMatrix.array;
  for (let k = 0; k < 200; k++) {
    const before = probe.steps;
    frame(1 / 144);
    leftover += 1 / 144 - (probe.steps - before) * STEP_S;
    leftover = Math.min(Math.max(leftover, 0), STEP_S);
    const alpha = leftover / STEP_S;
    for (let i = 0; i < count; i++) {
      let d2 = 0;
      for (let c = 0; c < 3; c++) {
        const a = probe.prev[3 * i + c]!;
        const e = array[16 * i + 12 + c]! - (a + (probe.curr[3 * i + c]! - a) * alpha);
        d2 += e * e;
      }
      const d = Math.sqrt(d2);
      sum += d;
      n++;
      if (d > max) max = d;
    }
  }
  probe.poses = false;
  return { meanError: sum / n, maxError: max };
}

/**
 * The four measurements in turn on a mounted, loaded scene: the error at 144 Hz (the boxes are
 * falling), page JS per 60 Hz frame over `frames` frames (and the part inside Rapier's step),
 * heap growth per frame after a collection (node --expose-gc; for a side that can, again with
 * Rapier's calls left out), then a 500 ms stall and eight 30 Hz frames.
 */
export function measure(
  side: Side,
  frame: (s: number) => void,
  probe: Probe,
  mesh: InstancedMesh,
  count: number,
  frames = count >= 5000 ? 10 : 60,
): SideFigures {
  for (let i = 0; i < 5; i++) frame(STEP_S); // warm-up; the boxes are falling from here
  const { meanError, maxError } = measureError(frame, probe, mesh, count);

  const stepped = probe.stepMs;
  const msPerFrame = msPerFrameOf(frame, frames);
  const stepMs = (probe.stepMs - stepped) / frames;
  const window = count >= 5000 ? 3 : 10;
  const bytesPerFrame = heapPerFrame(frame, window);
  let msWithoutRapier = Number.NaN;
  let bytesWithoutRapier = Number.NaN;
  if (probe.canSkipPhysics) {
    probe.physics = false;
    msWithoutRapier = msPerFrameOf(frame, frames);
    bytesWithoutRapier = heapPerFrame(frame, window);
    probe.physics = true;
  }

  let before = probe.steps;
  frame(0.5);
  const stallSteps = probe.steps - before;
  const steps30: number[] = [];
  for (let i = 0; i < 8; i++) {
    before = probe.steps;
    frame(1 / 30);
    steps30.push(probe.steps - before);
  }
  return {
    side,
    bodies: count,
    frames,
    msPerFrame,
    stepMs,
    bytesPerFrame,
    msWithoutRapier,
    bytesWithoutRapier,
    stallSteps,
    steps30,
    meanError,
    maxError,
  };
}

/** The figures with Rapier's calls left out, where the side measured them. */
function withoutRapier(f: SideFigures): string {
  if (Number.isNaN(f.bytesWithoutRapier)) return '';
  return ` | without Rapier's calls: JS ${f.msWithoutRapier.toFixed(2)} ms/frame, heap +${Math.round(f.bytesWithoutRapier)} B/frame`;
}

/** One line a side, as the other benchmarks print. */
export function formatFigures(f: SideFigures): string {
  if (f.side === 'r3f-alone') {
    const a = `${f.side.padEnd(18)} ${String(f.bodies).padStart(6)} bodies`;
    return `${a} | JS ${f.msPerFrame.toFixed(2)} ms/frame | heap +${Math.round(f.bytesPerFrame)} B/frame`;
  }
  return (
    [
      `${f.side.padEnd(18)} ${String(f.bodies).padStart(6)} bodies`,
      `JS ${f.msPerFrame.toFixed(2)} ms/frame (${f.frames} frames), in Rapier's step ${f.stepMs.toFixed(2)}, outside it ${(f.msPerFrame - f.stepMs).toFixed(2)}`,
      `heap +${Math.round(f.bytesPerFrame)} B/frame`,
      `stall 500 ms: ${f.stallSteps} steps, 30 Hz: ${f.steps30.join(' ')}`,
      `144 Hz drawn vs true: mean ${(f.meanError * 1000).toFixed(3)} mm, max ${(f.maxError * 1000).toFixed(3)} mm`,
    ].join(' | ') + withoutRapier(f)
  );
}

/**
 * The baseline every side pays: frames of an empty `<FixedLoop>` in the same test renderer
 * (R3F's frame, React's act(), the loop), page JS and heap growth per frame, nothing else.
 */
export function baseline(frame: (s: number) => void, frames: number): SideFigures {
  for (let i = 0; i < 30; i++) frame(STEP_S);
  const msPerFrame = msPerFrameOf(frame, frames);
  const bytesPerFrame = heapPerFrame(frame, 10);
  const none = Number.NaN;
  return {
    side: 'r3f-alone',
    bodies: 0,
    frames,
    msPerFrame,
    stepMs: 0,
    bytesPerFrame,
    msWithoutRapier: none,
    bytesWithoutRapier: none,
    stallSteps: 0,
    steps30: [],
    meanError: none,
    maxError: none,
  };
}
