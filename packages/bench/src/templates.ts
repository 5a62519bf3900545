/**
 * The templates' frame paths at game scale, each beside the alternative a user would write:
 *
 * - three.js render path, 1 000 bodies: blend the last two steps, then either copy each body
 *   onto its own `Mesh` (`position.fromArray`, `quaternion.fromArray`: the old `three`
 *   template) or write every matrix with @loop/core's `composeMatrices` straight into one
 *   `InstancedMesh` per shape (the template now). Both end with `scene.updateMatrixWorld()`,
 *   which `renderer.render` runs every frame. The drawn matrices must agree (float32
 *   tolerance) or this throws: a wrong fast path is a bug, not a figure.
 * - a per-step normalize loop (vec2, vec3 and quaternions, as the templates' simulations do)
 *   with `Math.hypot` and with `Math.sqrt` of the sum of squares.
 *
 * Nanoseconds are medians over interleaved rounds; bytes are allocated per frame, garbage
 * included (see allocation.ts). Speed is printed, never asserted.
 */
import { composeMatrices, Interpolated } from '@loop/core';
import { BoxGeometry, InstancedMesh, Matrix4, Mesh, MeshBasicMaterial, Scene } from 'three';
import { allocatedDuring, fullGc } from './gc.js';
import { noise } from './traces.js';

/** Mesh kinds of the `three` template: a cone, a box, a torus, an icosahedron. */
const SHAPES = 4;
/** Matrices may differ by this much: the instanced ones are float32, three's float64. */
export const MATRIX_TOLERANCE = 1e-5;

/** One way to get blended state to the GPU's matrices; `frame` does all of it for one frame. */
export interface RenderPath {
  readonly name: string;
  frame(alpha: number): void;
}

/** Both render paths over the same simulated state, and a check that they draw the same. */
export interface RenderPaths {
  /** The blend alone (lerp + slerp into flat arrays), with which both paths begin. */
  readonly blend: RenderPath;
  readonly meshes: RenderPath;
  readonly instanced: RenderPath;
  /** Largest difference between the two paths' matrices after their latest frames. */
  maxDifference(): number;
}

/** Two steps of `n` bodies: random positions and random unit quaternions, seeded. */
function makeState(n: number): { positions: Interpolated; orientations: Interpolated } {
  const rand = noise(7);
  const positions = new Interpolated(n * 3);
  const orientations = new Interpolated(n * 4, 'slerp');
  for (let step = 0; step < 2; step++) {
    positions.save();
    orientations.save();
    const p = positions.current;
    const q = orientations.current;
    for (let i = 0; i < n * 3; i++) p[i] = rand() * 8;
    for (let i = 0; i < n * 4; i++) q[i] = rand();
    for (let o = 0; o < n * 4; o += 4) {
      const len = Math.sqrt(q[o]! ** 2 + q[o + 1]! ** 2 + q[o + 2]! ** 2 + q[o + 3]! ** 2);
      for (let k = o; k < o + 4; k++) q[k] = q[k]! / len;
    }
  }
  return { positions, orientations };
}

/** Builds both render paths for `n` bodies (geometry does not matter to matrix work). */
export function makeRenderPaths(n: number): RenderPaths {
  const { positions, orientations } = makeState(n);
  const geometry = new BoxGeometry();
  const material = new MeshBasicMaterial();
  const p = new Float64Array(n * 3);
  const q = new Float64Array(n * 4);
  const blend: RenderPath = {
    name: 'blend alone: Interpolated.blend, lerp + slerp',
    frame(alpha) {
      positions.blend(p, alpha);
      orientations.blend(q, alpha);
    },
  };

  // The old way: one Mesh per body.
  const meshScene = new Scene();
  const meshes = Array.from({ length: n }, () => new Mesh(geometry, material));
  meshScene.add(...meshes);
  const meshPath: RenderPath = {
    name: `${n} Mesh: position/quaternion.fromArray + updateMatrixWorld`,
    frame(alpha) {
      blend.frame(alpha);
      for (let i = 0; i < n; i++) {
        const mesh = meshes[i]!;
        mesh.position.fromArray(p, 3 * i);
        mesh.quaternion.fromArray(q, 4 * i);
      }
      meshScene.updateMatrixWorld();
    },
  };

  // The template's way: one InstancedMesh per shape over a contiguous range of bodies, with
  // the views on the blended arrays made once here.
  const instancedScene = new Scene();
  const size = Math.ceil(n / SHAPES);
  const batches: { mesh: InstancedMesh; p: Float64Array; q: Float64Array; m: Float32Array }[] = [];
  for (let start = 0; start < n; start += size) {
    const end = Math.min(n, start + size);
    const mesh = new InstancedMesh(geometry, material, end - start);
    mesh.frustumCulled = false;
    instancedScene.add(mesh);
    batches.push({
      mesh,
      p: p.subarray(3 * start, 3 * end),
      q: q.subarray(4 * start, 4 * end),
      m: mesh.instanceMatrix.array as Float32Array,
    });
  }
  const instancedPath: RenderPath = {
    name: `${batches.length} InstancedMesh: composeMatrices + updateMatrixWorld`,
    frame(alpha) {
      blend.frame(alpha);
      for (let b = 0; b < batches.length; b++) {
        const batch = batches[b]!;
        composeMatrices(batch.m, batch.p, batch.q);
        batch.mesh.instanceMatrix.needsUpdate = true;
      }
      instancedScene.updateMatrixWorld();
    },
  };
  const drawn = new Matrix4();
  return {
    blend,
    meshes: meshPath,
    instanced: instancedPath,
    maxDifference() {
      let worst = 0;
      for (let i = 0; i < n; i++) {
        const batch = batches[Math.floor(i / size)]!;
        batch.mesh.getMatrixAt(i % size, drawn);
        const [a, b] = [drawn.elements, meshes[i]!.matrixWorld.elements];
        for (let k = 0; k < 16; k++) worst = Math.max(worst, Math.abs(a[k]! - b[k]!));
      }
      return worst;
    },
  };
}

/** A normalize loop over `n` vectors of one size: `out` gets each vector of `v` at unit length. */
type Normalize = (out: Float64Array, v: Float64Array, n: number) => void;

// One function per size and form, so each call site stays monomorphic, as in a template.
const hypot2: Normalize = (out, v, n) => {
  for (let o = 0; o < 2 * n; o += 2) {
    const inv = 1 / (Math.hypot(v[o]!, v[o + 1]!) || 1);
    for (let k = o; k < o + 2; k++) out[k] = v[k]! * inv;
  }
};
const sqrt2: Normalize = (out, v, n) => {
  for (let o = 0; o < 2 * n; o += 2) {
    const x = v[o]!;
    const y = v[o + 1]!;
    const inv = 1 / (Math.sqrt(x * x + y * y) || 1);
    for (let k = o; k < o + 2; k++) out[k] = v[k]! * inv;
  }
};
const hypot3: Normalize = (out, v, n) => {
  for (let o = 0; o < 3 * n; o += 3) {
    const inv = 1 / (Math.hypot(v[o]!, v[o + 1]!, v[o + 2]!) || 1);
    for (let k = o; k < o + 3; k++) out[k] = v[k]! * inv;
  }
};
const sqrt3: Normalize = (out, v, n) => {
  for (let o = 0; o < 3 * n; o += 3) {
    const x = v[o]!;
    const y = v[o + 1]!;
    const z = v[o + 2]!;
    const inv = 1 / (Math.sqrt(x * x + y * y + z * z) || 1);
    for (let k = o; k < o + 3; k++) out[k] = v[k]! * inv;
  }
};
const hypot4: Normalize = (out, v, n) => {
  for (let o = 0; o < 4 * n; o += 4) {
    const inv = 1 / (Math.hypot(v[o]!, v[o + 1]!, v[o + 2]!, v[o + 3]!) || 1);
    for (let k = o; k < o + 4; k++) out[k] = v[k]! * inv;
  }
};
const sqrt4: Normalize = (out, v, n) => {
  for (let o = 0; o < 4 * n; o += 4) {
    const x = v[o]!;
    const y = v[o + 1]!;
    const z = v[o + 2]!;
    const w = v[o + 3]!;
    const inv = 1 / (Math.sqrt(x * x + y * y + z * z + w * w) || 1);
    for (let k = o; k < o + 4; k++) out[k] = v[k]! * inv;
  }
};

/** The normalize loops measured: Math.hypot and Math.sqrt for each vector size. */
const NORMALIZE = [
  { size: 2, label: 'vec2 (canvas2d, mobile: per step)', hypot: hypot2, sqrt: sqrt2 },
  { size: 3, label: 'vec3 (three: spin axes, at setup)', hypot: hypot3, sqrt: sqrt3 },
  { size: 4, label: 'quaternion (three: per step)', hypot: hypot4, sqrt: sqrt4 },
] as const;

/** Figures of one row: nanoseconds and bytes allocated per frame (or per step). */
export interface PathRow {
  readonly name: string;
  readonly nsPerFrame: number;
  readonly bytesPerFrame: number;
}

/** Runs `frames` frames (or steps) of one path. */
type Run = (frames: number) => void;

/** The middle value (the upper one of an even count). */
function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[values.length >> 1]!;
}

/**
 * Times `runs` in interleaved rounds (the order rotating), keeps the median ns per frame, then
 * counts each one's bytes per frame over about `allocMs` of frames (median of three), less what
 * counting an empty body allocates (the GC profiler's own bookkeeping, under 1 KB once settled).
 */
function measureRuns(names: string[], runs: Run[], o: Required<TemplateBenchOptions>): PathRow[] {
  for (let w = 0; w < 10; w++) for (const run of runs) run(o.frames);
  const samples = runs.map(() => [] as number[]);
  for (let r = 0; r < o.rounds; r++) {
    for (let k = 0; k < runs.length; k++) {
      const i = (k + r) % runs.length;
      fullGc();
      const t0 = process.hrtime.bigint();
      runs[i]!(o.frames);
      samples[i]!.push(Number(process.hrtime.bigint() - t0) / o.frames);
    }
  }
  return runs.map((run, i) => {
    const nsPerFrame = median(samples[i]!);
    const frames = Math.max(o.frames, Math.ceil((o.allocMs * 1e6) / nsPerFrame));
    const counts = [0, 1, 2].map(() => {
      fullGc();
      allocatedDuring(() => {}); // the first count after a collection reads high: settle first
      const empty = allocatedDuring(() => {});
      return (allocatedDuring(() => run(frames)) - empty) / frames;
    });
    return { name: names[i]!, nsPerFrame, bytesPerFrame: median(counts) };
  });
}

/** Sizes of a run. */
export interface TemplateBenchOptions {
  /** Bodies, and vectors normalized per step. Default 1 000. */
  n?: number;
  /** Frames (or steps) per timed call. Default 200. */
  frames?: number;
  /** Interleaved rounds; the median is kept. Default 25. */
  rounds?: number;
  /** About how long each path runs while its allocated bytes are counted. Default 250 ms. */
  allocMs?: number;
}

/** Everything this file measures. */
export interface TemplateBench {
  readonly n: number;
  /** The blend both paths start with, the old path (a Mesh per body), the template's. */
  readonly render: readonly PathRow[];
  /** Largest difference between the two paths' matrices over every frame checked. */
  readonly maxDifference: number;
  /** Per vector size: Math.hypot, then Math.sqrt. */
  readonly normalize: readonly { label: string; rows: readonly PathRow[] }[];
}

/**
 * Measures both render paths and every normalize loop in one run. Throws if the two render
 * paths draw different matrices.
 */
export function measureTemplates(options: TemplateBenchOptions = {}): TemplateBench {
  const o = { n: 1000, frames: 200, rounds: 25, allocMs: 250, ...options };
  const paths = makeRenderPaths(o.n);
  let maxDifference = 0;
  for (const alpha of [0, 0.3, 0.999, 1]) {
    paths.meshes.frame(alpha);
    paths.instanced.frame(alpha);
    maxDifference = Math.max(maxDifference, paths.maxDifference());
  }
  if (!(maxDifference <= MATRIX_TOLERANCE)) {
    throw new Error(`instanced matrices differ from three.js's by ${maxDifference}`);
  }
  // Alpha moves every frame, as it does on a display.
  const render = [paths.blend, paths.meshes, paths.instanced];
  const names = render.map((path) => path.name);
  const runs = render.map((path) => (frames: number) => {
    for (let f = 0; f < frames; f++) path.frame((0.137 + f * 0.0618) % 1);
  });
  const rows = measureRuns(names, runs, o);

  const rand = noise(5);
  const normalize = NORMALIZE.map((kind) => {
    const v = Float64Array.from({ length: kind.size * o.n }, () => rand() * 50);
    const out = new Float64Array(v.length);
    const runs = [kind.hypot, kind.sqrt].map((fn) => (steps: number) => {
      for (let f = 0; f < steps; f++) fn(out, v, o.n);
    });
    return { label: kind.label, rows: measureRuns(['Math.hypot', 'Math.sqrt'], runs, o) };
  });
  return { n: o.n, render: rows, maxDifference, normalize };
}
