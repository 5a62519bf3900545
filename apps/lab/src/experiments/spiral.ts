import { SimDisplay } from '../displays.js';
import { snapTimestep } from '../url-state.js';
import { type Experiment, type FigureRow, manualLoop, param, withDefaults } from './types.js';

const PARAMS = [
  param('cost', 'cost of one update (ms)', 20, 0, 100),
  param('timestep', 'timestep (ms)', 1000 / 60, 1, 1000),
  param('maxSteps', 'maxSteps when on', 10, 1, 1000, 1),
  param('seconds', 'run for (s)', 5, 1, 30, 1),
  param('rate', "deWiTTERS' update rate (Hz)", 50, 1, 240, 1),
];

/** "Off": a guard so large it never acts (the options must still be finite integers). */
const OFF = 1e9;

/** How one set of guards fared. */
export interface SpiralRun {
  /** Frames shown in the run. */
  readonly frames: number;
  /** Real time of the last frame (ms): the spiral shows as frames that keep getting longer. */
  readonly lastFrame: number;
  /** Updates run in the last frame. */
  readonly lastSteps: number;
  /** Simulated seconds per real second. */
  readonly gameSpeed: number;
  /** Real time the guards dropped (ms). */
  readonly dropped: number;
}

/**
 * Runs a fixed-step loop whose every update costs `cost` ms on a simulated 60 Hz display for
 * `seconds`: the next frame comes at the first vsync after the work is done, the cost charged
 * in simulated time (deterministic, no CPU burnt).
 */
export function spiral(
  cost: number,
  timestep: number,
  maxDelta: number,
  maxSteps: number,
  seconds: number,
): SpiralRun {
  let work = 0;
  const loop = manualLoop({
    timestep,
    maxDelta,
    maxSteps,
    update: () => {
      work += cost;
    },
  });
  const display = new SimDisplay({ kind: 'hz', hz: 60, jitter: 0, spike: 0, gap: 0, back: 0 });
  const start = display.next(0);
  const end = start + seconds * 1000;
  let frames = 0;
  let previous = start;
  let lastFrame = 0;
  while (display.real <= end) {
    work = 0;
    const before = loop.tick;
    loop.frame(display.stamp);
    frames++;
    lastFrame = display.real - previous;
    previous = display.real;
    display.next(display.real + work);
    if (display.real > end) return finish(loop.tick - before);
  }
  return finish(0);

  function finish(lastSteps: number): SpiralRun {
    const real = previous - start;
    return {
      frames,
      lastFrame,
      lastSteps,
      gameSpeed: real > 0 ? (loop.tick * timestep) / real : 0,
      dropped: loop.stats.dropped,
    };
  }
}

/**
 * The lowest whole display rate (fps) at which a loop of `rate` updates per second with
 * `maxSteps` keeps full game speed: below it the cap on updates per frame slows the game.
 */
export function fullSpeedFloor(rate: number, maxSteps: number): number {
  for (let fps = 1; fps <= 240; fps++) {
    const loop = manualLoop({ timestep: 1000 / rate, maxSteps, maxDelta: OFF });
    // Stryker disable next-line ArithmeticOperator: frames too far apart run maxSteps each, so i × 1000 × fps finds the same floor, the lowest fps with fps × maxSteps ≥ rate, for every rate and maxSteps the parameters take (the fps / 4 and i / 1000 siblings are killed)
    for (let i = 0; i <= fps * 4; i++) loop.frame((i * 1000) / fps);
    if (loop.tick >= rate * 4) return fps;
  }
  return Number.NaN;
}

/** The spiral of death, and the two guards against it. */
export const spiralOfDeath: Experiment = {
  id: 'spiral',
  title: 'The spiral of death: an update that costs more than its timestep',
  seed: '“Fix Your Timestep!” by Glenn Fiedler',
  explain:
    'Glenn Fiedler: if simulating X seconds takes Y > X seconds of real time, every frame owes ' +
    'more steps than the last, which take longer still: the spiral of death. Clamp the steps per ' +
    'frame and the game slows down instead. With no guard the frames here grow without bound; ' +
    'maxDelta clamps a frame to 250 ms; maxSteps caps the updates per frame. The cost is charged ' +
    'in simulated time on a 60 Hz display. Koen Witters (deWiTTERS Game Loop) puts the limit in ' +
    'numbers: with 50 updates a second and MAX_FRAMESKIP 10 the game slows down below 5 fps.',
  params: PARAMS,
  run(values): FigureRow[] {
    const { cost, maxSteps, seconds, rate, ...rest } = withDefaults(PARAMS, values);
    const timestep = snapTimestep(rest.timestep);
    const runs = [
      { key: 'none', label: 'no guard', run: spiral(cost, timestep, OFF, OFF, seconds) },
      { key: 'maxDelta', label: 'maxDelta 250 ms', run: spiral(cost, timestep, 250, OFF, seconds) },
      {
        key: 'maxSteps',
        label: `maxSteps ${maxSteps}`,
        run: spiral(cost, timestep, OFF, maxSteps, seconds),
      },
    ];
    const rows: FigureRow[] = [];
    for (const { key, label, run } of runs) {
      rows.push(
        {
          key: `${key}-last-frame`,
          label: `${label}: last frame time (ms), updates in it`,
          seed: key === 'none' ? 'grows every frame' : null,
          ours: `${(run.lastFrame).toFixed(1)}, ${run.lastSteps}`,
        },
        {
          key: `${key}-frames`,
          label: `${label}: frames in ${seconds} s, game speed (× real time)`,
          seed: key === 'maxSteps' ? 'the game slows down' : null,
          ours: `${run.frames}, ${(run.gameSpeed).toFixed(3)}`,
        },
      );
    }
    rows.push({
      key: 'floor',
      label: `${rate} updates/s, maxSteps ${maxSteps}: lowest fps at full game speed`,
      seed: '5 fps (50 updates/s, MAX_FRAMESKIP 10)',
      ours: `${fullSpeedFloor(rate, maxSteps)} fps`,
    });
    return rows;
  },
};
