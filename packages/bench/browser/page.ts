import { PerspectiveCamera, WebGLRenderer } from 'three';
import { type Driver, drive, loopPath, type Path, threePath } from './paths';
import { recordPoses } from './rapier-poses';

/**
 * The browser benchmark's page; run.mjs opens it in headless Chromium and calls `window.bench`
 * step by step, so it can read the heap through the DevTools protocol between calls. For one
 * count of Rapier bodies at a time: the JavaScript time per frame of loop + blend + matrix
 * write, run by the rapier template's own `Poses` and `View`, beside the straightforward
 * three.js way in the same page; the frames the allocation measure runs; and, apart, Rapier's
 * step, reading the poses back, and the WebGL draw of the template's scene.
 */

/** The paths a measurement can run. */
export type Which = 'ours' | 'three' | 'control' | 'bare';

/** What `prepare` measured of Rapier. */
export interface Prepared {
  stepMs: number;
  readMs: number;
}

/** What the page offers the runner. */
export interface Bench {
  /** Steps a Rapier world of `bodies` boxes, keeps its poses and makes the paths. */
  prepare(bodies: number): Promise<Prepared>;
  /** Mean ms per frame of both paths, each the best of three runs of `frames` after a warmup. */
  time(frames: number): { oursMs: number; threeMs: number };
  /** Plays `frames` frames of one path (the runner reads the heap before and after). */
  run(which: Which, frames: number): void;
  /** Mean ms of drawing our InstancedMesh with WebGL over `frames` frames. */
  draw(frames: number): number;
}

declare global {
  interface Window {
    bench: Bench;
  }
}

/** Keeps the control's arrays reachable for a moment, so they cannot be optimized away. */
let sink: Float64Array | undefined;

/**
 * `path` plus one `new Float64Array(16)` per frame (about 200 bytes with its buffer): a path
 * whose allocation is known, to show the heap measure sees what is there.
 */
function allocating(path: Path): Path {
  return {
    scene: path.scene,
    step: path.step,
    render(alpha, state) {
      path.render(alpha, state);
      sink = new Float64Array(16);
      sink[0] = alpha;
    },
  };
}

/** Mean ms of `renderer.render` of the path's scene, synchronized by reading one pixel back. */
function drawMs(path: Path, frames: number): number {
  const canvas = document.querySelector<HTMLCanvasElement>('#gl')!;
  const renderer = new WebGLRenderer({ canvas });
  const camera = new PerspectiveCamera(50, canvas.width / canvas.height, 0.1, 500);
  camera.position.set(0, 30, 60);
  camera.lookAt(0, 0, 0);
  const gl = renderer.getContext();
  const pixel = new Uint8Array(4);
  const sync = () => gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
  renderer.render(path.scene, camera);
  sync();
  const start = performance.now();
  for (let i = 0; i < frames; i++) {
    path.render(i / frames);
    renderer.render(path.scene, camera);
    sync();
  }
  const ms = (performance.now() - start) / frames;
  renderer.dispose();
  return ms;
}

let paths: { ours: Path; drivers: Record<Which, Driver> } | undefined;

window.bench = {
  async prepare(bodies) {
    const poses = await recordPoses(bodies, 60);
    const ours = loopPath(poses);
    const drivers = {
      ours: drive(ours),
      three: drive(threePath(poses)),
      control: drive(allocating(ours)),
      bare: drive({ scene: ours.scene, step() {}, render() {} }),
    };
    paths = { ours, drivers };
    return { stepMs: poses.stepMs, readMs: poses.readMs };
  },
  time(frames) {
    const { ours, three } = paths!.drivers;
    // Warm both up (JIT), then time them in turns and keep each one's best of three.
    ours.run(frames / 2);
    three.run(frames / 2);
    let oursMs = Infinity;
    let threeMs = Infinity;
    for (let round = 0; round < 3; round++) {
      oursMs = Math.min(oursMs, ours.run(frames));
      threeMs = Math.min(threeMs, three.run(frames));
    }
    return { oursMs, threeMs };
  },
  run(which, frames) {
    paths!.drivers[which].run(frames);
  },
  draw(frames) {
    return drawMs(paths!.ours, frames);
  },
};
