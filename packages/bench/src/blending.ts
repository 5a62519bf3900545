/**
 * Blending throughput: interpolating N transforms (a vec3 position lerp and a quaternion slerp
 * each) per frame, as a renderer does between the previous and current fixed step.
 *
 * - @loop/core: `lerpArray` + `slerpArray` over flat Float64Arrays.
 * - three.js: `Vector3.lerpVectors` + `Quaternion.slerpQuaternions` over arrays of objects.
 * - gl-matrix: `vec3.lerp` + `quat.slerp` over one small Float64Array per entity (gl-matrix's
 *   usual layout, with `setMatrixArrayType(Float64Array)` so precision matches).
 *
 * The pairs are random unit quaternions with a random angle between them (0–180°), so the
 * full slerp path runs, not only the nearly-parallel shortcut. Results must agree within 1e-6
 * every frame (quaternions as rotations, q ≡ -q): a mismatch throws. Speed is printed only.
 */
import { lerpArray, slerpArray } from '@loop/core';
import { glMatrix, quat, vec3 } from 'gl-matrix';
import { Quaternion, Vector3 } from 'three';
import { noise } from './traces.js';

/** Results of the three libraries must agree this closely. */
export const TOLERANCE = 1e-6;

/** The same transforms in each library's layout. */
export interface BlendData {
  readonly n: number;
  readonly flat: {
    pa: Float64Array;
    pb: Float64Array;
    qa: Float64Array;
    qb: Float64Array;
    pOut: Float64Array;
    qOut: Float64Array;
  };
  readonly three: {
    pa: Vector3[];
    pb: Vector3[];
    qa: Quaternion[];
    qb: Quaternion[];
    pOut: Vector3[];
    qOut: Quaternion[];
  };
  readonly gl: {
    pa: vec3[];
    pb: vec3[];
    qa: quat[];
    qb: quat[];
    pOut: vec3[];
    qOut: quat[];
  };
}

/** Builds `n` random transform pairs (deterministic for a seed). */
export function makeBlendData(n: number, seed = 3): BlendData {
  glMatrix.setMatrixArrayType(Float64Array as unknown as ArrayConstructor);
  const rand = noise(seed);
  const flat = {
    pa: new Float64Array(n * 3),
    pb: new Float64Array(n * 3),
    qa: new Float64Array(n * 4),
    qb: new Float64Array(n * 4),
    pOut: new Float64Array(n * 3),
    qOut: new Float64Array(n * 4),
  };
  const unit = (out: Float64Array, o: number) => {
    let len = 0;
    do {
      for (let k = 0; k < 4; k++) out[o + k] = rand();
      len = Math.hypot(out[o]!, out[o + 1]!, out[o + 2]!, out[o + 3]!);
    } while (len < 0.1 || len > 1);
    for (let k = 0; k < 4; k++) out[o + k]! /= len;
  };
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < 3; k++) {
      flat.pa[i * 3 + k] = rand() * 100;
      flat.pb[i * 3 + k] = flat.pa[i * 3 + k]! + rand();
    }
    unit(flat.qa, i * 4);
    unit(flat.qb, i * 4);
  }
  const v3 = (a: Float64Array, i: number) => new Vector3(a[i * 3], a[i * 3 + 1], a[i * 3 + 2]);
  const q4 = (a: Float64Array, i: number) =>
    new Quaternion(a[i * 4], a[i * 4 + 1], a[i * 4 + 2], a[i * 4 + 3]);
  const ids = Array.from({ length: n }, (_, i) => i);
  const three = {
    pa: ids.map((i) => v3(flat.pa, i)),
    pb: ids.map((i) => v3(flat.pb, i)),
    qa: ids.map((i) => q4(flat.qa, i)),
    qb: ids.map((i) => q4(flat.qb, i)),
    pOut: ids.map(() => new Vector3()),
    qOut: ids.map(() => new Quaternion()),
  };
  const gl = {
    pa: ids.map((i) => vec3.clone(flat.pa.subarray(i * 3, i * 3 + 3))),
    pb: ids.map((i) => vec3.clone(flat.pb.subarray(i * 3, i * 3 + 3))),
    qa: ids.map((i) => quat.clone(flat.qa.subarray(i * 4, i * 4 + 4))),
    qb: ids.map((i) => quat.clone(flat.qb.subarray(i * 4, i * 4 + 4))),
    pOut: ids.map(() => vec3.create()),
    qOut: ids.map(() => quat.create()),
  };
  return { n, flat, three, gl };
}

/** One frame of blending with @loop/core's batch API. */
export function blendCore(d: BlendData, t: number): void {
  lerpArray(d.flat.pOut, d.flat.pa, d.flat.pb, t);
  slerpArray(d.flat.qOut, d.flat.qa, d.flat.qb, t);
}

/** One frame of blending with three.js objects. */
export function blendThree(d: BlendData, t: number): void {
  const { pa, pb, qa, qb, pOut, qOut } = d.three;
  for (let i = 0; i < d.n; i++) {
    pOut[i]!.lerpVectors(pa[i]!, pb[i]!, t);
    qOut[i]!.slerpQuaternions(qa[i]!, qb[i]!, t);
  }
}

/** One frame of blending with gl-matrix. */
export function blendGl(d: BlendData, t: number): void {
  const { pa, pb, qa, qb, pOut, qOut } = d.gl;
  for (let i = 0; i < d.n; i++) {
    vec3.lerp(pOut[i]!, pa[i]!, pb[i]!, t);
    quat.slerp(qOut[i]!, qa[i]!, qb[i]!, t);
  }
}

/** Largest component difference between quaternions p and q taken as rotations (q ≡ -q). */
function quatDistance(p: ArrayLike<number>, o: number, x: number, y: number, z: number, w: number) {
  const same = Math.max(
    Math.abs(p[o]! - x),
    Math.abs(p[o + 1]! - y),
    Math.abs(p[o + 2]! - z),
    Math.abs(p[o + 3]! - w),
  );
  const flipped = Math.max(
    Math.abs(p[o]! + x),
    Math.abs(p[o + 1]! + y),
    Math.abs(p[o + 2]! + z),
    Math.abs(p[o + 3]! + w),
  );
  return Math.min(same, flipped);
}

/**
 * Largest difference between @loop/core's last results and three.js's and gl-matrix's:
 * position components, and quaternion components compared as rotations (q and -q are the same
 * orientation: at t = 1 exactly, @loop/core, like three.js's `slerpFlat`, returns b as given,
 * while `Quaternion.slerp` and gl-matrix return -b when the dot product is negative).
 */
export function maxDifference(d: BlendData): { three: number; gl: number } {
  let three = 0;
  let gl = 0;
  const o = d.flat.pOut;
  const r = d.flat.qOut;
  for (let i = 0; i < d.n; i++) {
    const p = d.three.pOut[i]!;
    const q = d.three.qOut[i]!;
    const gp = d.gl.pOut[i]!;
    const gq = d.gl.qOut[i]!;
    const j = i * 3;
    three = Math.max(three, Math.abs(o[j]! - p.x), Math.abs(o[j + 1]! - p.y));
    three = Math.max(three, Math.abs(o[j + 2]! - p.z), quatDistance(r, i * 4, q.x, q.y, q.z, q.w));
    gl = Math.max(gl, Math.abs(o[j]! - gp[0]!), Math.abs(o[j + 1]! - gp[1]!));
    gl = Math.max(
      gl,
      Math.abs(o[j + 2]! - gp[2]!),
      quatDistance(r, i * 4, gq[0]!, gq[1]!, gq[2]!, gq[3]!),
    );
  }
  return { three, gl };
}

/** Blending figures for one library. */
export interface BlendRow {
  readonly name: string;
  /** Median milliseconds per frame. */
  readonly msPerFrame: number;
  /** Millions of transforms blended per second. */
  readonly mPerSecond: number;
}

/** Sizes of a blending run. */
export interface BlendOptions {
  /** Transforms per frame. Default 100 000. */
  n?: number;
  /** Timed frames per library. Default 40. */
  frames?: number;
}

/**
 * Times each library over the same frames (alpha changes every frame) and checks every frame
 * that all three agree within {@link TOLERANCE}; throws on a mismatch.
 */
export function measureBlending(options: BlendOptions = {}): {
  rows: BlendRow[];
  maxDiff: { three: number; gl: number };
} {
  const { n = 100_000, frames = 40 } = options;
  const d = makeBlendData(n);
  const libs = [
    { name: '@loop/core lerpArray + slerpArray', run: blendCore },
    { name: 'three.js lerpVectors + slerpQuaternions', run: blendThree },
    { name: 'gl-matrix vec3.lerp + quat.slerp', run: blendGl },
  ];
  const samples = libs.map(() => [] as number[]);
  const maxDiff = { three: 0, gl: 0 };
  const warmup = 5;
  for (let f = 0; f < warmup + frames; f++) {
    const t = (0.137 + f * 0.0618) % 1;
    libs.forEach((lib, i) => {
      const t0 = process.hrtime.bigint();
      lib.run(d, t);
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      if (f >= warmup) samples[i]!.push(ms);
    });
    const diff = maxDifference(d);
    if (!(diff.three <= TOLERANCE && diff.gl <= TOLERANCE)) {
      throw new Error(
        `blending results differ at alpha ${t}: three.js by ${diff.three}, gl-matrix by ${diff.gl}`,
      );
    }
    maxDiff.three = Math.max(maxDiff.three, diff.three);
    maxDiff.gl = Math.max(maxDiff.gl, diff.gl);
  }
  const rows = libs.map((lib, i) => {
    const sorted = samples[i]!.sort((a, b) => a - b);
    const ms = sorted[sorted.length >> 1]!;
    return { name: lib.name, msPerFrame: ms, mPerSecond: n / ms / 1000 };
  });
  return { rows, maxDiff };
}
