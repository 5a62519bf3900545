/**
 * `pnpm bench`: every measurement in one process, printed as tables. Figures and ratios only:
 * nothing here fails on speed. It does fail (exit 1) if the blending results of @loop/core,
 * three.js and gl-matrix disagree, or if the instanced matrices of the three template's render
 * path differ from three.js's own, since that is a correctness bug, not a timing.
 */
import { measureAllocation } from './allocation.js';
import { measureBlending } from './blending.js';
import { measureCadence } from './cadence.js';
import { CADENCE_NOTES, cadenceTable } from './cadence-table.js';
import { CAPPED, measureCap } from './cap.js';
import { MOVERS, measureMotion } from './motion.js';
import { measureOverhead } from './overhead.js';
import { fixed, small, table } from './table.js';
import { measureTemplates } from './templates.js';

const print = (text: string) => process.stdout.write(`${text}\n`);
const started = Date.now();

print(`@loop/core bench — node ${process.version}, ${process.arch}; one process, fake rAF clock`);

const overhead = measureOverhead();
print(
  table(
    'Loop overhead: 60 Hz frames, trivial update/render (median of 8 rounds, 2 M frames per loop)',
    ['loop', 'ns/frame', '× floor', 'ns over floor', 'updates/frame'],
    overhead.map((r) => [
      r.name,
      fixed(r.nsPerFrame),
      fixed(r.ratio, 2),
      fixed(r.overFloor),
      fixed(r.updatesPerFrame, 3),
    ]),
  ),
);
print(
  'target: ≤ 1.3× floor. createBasicLoop is the accumulator alone; createLoop adds begin/end hooks,\n' +
    'frame stats, the FPS cap check and visibility handling on the same accumulator.',
);

const allocation = measureAllocation();
print(
  table(
    'Allocation per frame in steady state (200 k frames after 100 k warm-up)',
    ['loop', 'allocated B/frame', 'retained B/frame', 'retained B total'],
    allocation.map((r) => [
      r.name,
      fixed(r.allocatedPerFrame, 2),
      fixed(Math.max(0, r.retainedPerFrame), 3),
      String(r.retainedTotal),
    ]),
  ),
);
print(
  'allocated: heap growth with no GC in between (+ what an automatic GC freed), garbage included;\n' +
    'retained: growth between forced full GCs (per frame shown ≥ 0; the total is raw, GC noise ±1 KB).\n' +
    "The floor's bytes are the fake display boxing each frame's timestamp for its callback.\n" +
    'Target: 0 retained.',
);

const motion = measureMotion();
print(
  table(
    'Displayed-motion error: RMS px per frame, object at 1000 px/s',
    ['trace', 'frames', ...MOVERS.map((m) => m.name)],
    motion.map((row) => [row.trace, String(row.frames), ...row.results.map((r) => small(r.rms))]),
  ),
);
print(
  table(
    'Real time not simulated (ms): the stall guards; the error above is measured against the rest',
    ['trace', ...MOVERS.map((m) => m.name)],
    motion.map((row) => [row.trace, ...row.results.map((r) => fixed(r.dropped, 0))]),
  ),
);
print(
  'error per frame = drawn movement − speed × (real time since the last render − time the loop\n' +
    'dropped: @loop/core onDrop, kontra skips frames > 1000 ms, PixiJS clamps frames to 100 ms).\n' +
    'Target: 0 for @loop/core interpolated (residue: timestamps are rounded to 2^-20 of a step).',
);

const cap = measureCap();
print(
  table(
    'FPS cap 30, ±0.3 ms vsync jitter, 60 s: achieved fps, interval mean ± sd [min–max] ms',
    ['display', ...CAPPED.flatMap((c) => [`${c.name} fps`, 'interval'])],
    cap.map((row) => [
      row.trace,
      ...row.results.flatMap((r) => [
        fixed(r.fps, 3),
        `${fixed(r.mean, 2)} ± ${fixed(r.sd, 2)} [${fixed(r.min, 1)}–${fixed(r.max, 1)}]`,
      ]),
    ]),
  ),
);
print('target: 30.0 at 60/120 Hz, within 0.5 % at 144 Hz');

// The default timestep, 60 Hz or Bevy's 64 Hz: steps per frame, CPU per frame, the picture.
print(cadenceTable(measureCadence()));
print(CADENCE_NOTES);

try {
  const blending = measureBlending();
  const three = blending.rows[1]!.msPerFrame;
  print(
    table(
      'Blending 100 000 transforms per frame (vec3 lerp + quaternion slerp), median of 40 frames',
      ['library', 'ms/frame', 'M transforms/s', 'three.js time ÷ this'],
      blending.rows.map((r) => [
        r.name,
        fixed(r.msPerFrame, 2),
        fixed(r.mPerSecond, 1),
        fixed(three / r.msPerFrame, 2),
      ]),
    ),
  );
  print(
    `results agree: max |core − three.js| = ${blending.maxDiff.three.toExponential(1)}, ` +
      `max |core − gl-matrix| = ${blending.maxDiff.gl.toExponential(1)} (tolerance 1e-6)`,
  );
  print('target: ≤ 2 ms/frame, ≥ 2× three.js');
} catch (error) {
  print(`\nBLENDING MISMATCH: ${(error as Error).message}`);
  process.exitCode = 1;
}

try {
  const t = measureTemplates();
  const meshes = t.render[1]!;
  print(
    table(
      `three template render path, ${t.n} bodies, median of 25 × 200 frames`,
      ['path', 'ms/frame', 'B/frame', 'Mesh time ÷ this'],
      t.render.map((r) => [
        r.name,
        fixed(r.nsPerFrame / 1e6, 3),
        fixed(Math.max(0, r.bytesPerFrame), 1),
        fixed(meshes.nsPerFrame / r.nsPerFrame, 1),
      ]),
    ),
  );
  print(
    `matrices agree: max |instanced − Mesh.matrixWorld| = ${t.maxDifference.toExponential(1)} (float32).\n` +
      'Both paths blend first and end with scene.updateMatrixWorld(), as renderer.render does each\n' +
      'frame; writing a Mesh quaternion also makes three.js recompute its Euler angles. The bytes\n' +
      "are the blend's (first row): composeMatrices and the scene walk add none.",
  );
  print(
    table(
      `Normalizing ${t.n} vectors in a per-step loop: Math.hypot beside Math.sqrt(sum of squares)`,
      ['vectors', 'hypot µs/step', 'sqrt µs/step', 'hypot ÷ sqrt', 'hypot B/step', 'sqrt B/step'],
      t.normalize.map(({ label, rows: [hypot, sqrt] }) => [
        label,
        fixed(hypot!.nsPerFrame / 1e3, 1),
        fixed(sqrt!.nsPerFrame / 1e3, 1),
        fixed(hypot!.nsPerFrame / sqrt!.nsPerFrame, 1),
        fixed(Math.max(0, hypot!.bytesPerFrame), 0),
        fixed(Math.max(0, sqrt!.bytesPerFrame), 0),
      ]),
    ),
  );
} catch (error) {
  print(`\nINSTANCED MATRIX MISMATCH: ${(error as Error).message}`);
  process.exitCode = 1;
}

print(`\ndone in ${fixed((Date.now() - started) / 1000)} s`);
