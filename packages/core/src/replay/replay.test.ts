import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createInput } from '../dom/input.js';
import { createLoop } from '../loop.js';
import { check } from '../test-support/check.js';
import { Sim } from '../test-support/sim.js';
import { display, random } from '../test-support/traces.js';
import { Playback, replayAll } from './playback.js';
import { Recorder } from './recorder.js';
import { Recording } from './recording.js';

const BUILD = 'sim-1';
const TIMESTEP = 1000 / 60;

/** A key event as the Input reads it (Node has no KeyboardEvent). */
function key(type: 'keydown' | 'keyup', code: string): Event {
  return Object.assign(new Event(type), { code, repeat: false });
}

/** What happens at a real time: a key goes down or up. */
type Press = readonly [t: number, type: 'keydown' | 'keyup', code: string];

/** Keys over ten seconds: Space tapped, arrows held, at times no display frame lands on. */
const SCRIPT: readonly Press[] = [
  [300.3, 'keydown', 'ArrowRight'],
  [450.1, 'keydown', 'Space'],
  [452.2, 'keyup', 'Space'], // a tap shorter than any frame
  [1800.7, 'keyup', 'ArrowRight'],
  [2500.5, 'keydown', 'ArrowLeft'],
  [2600.2, 'keydown', 'Space'],
  [4100.9, 'keyup', 'Space'],
  [6000.4, 'keyup', 'ArrowLeft'],
  [7200.6, 'keydown', 'Space'],
  [7201.1, 'keyup', 'Space'],
];

interface Session {
  recorder: Recorder;
  /** The state hash after every tick, as the live game computed it. */
  hashes: number[];
  sim: Sim;
}

/**
 * Plays the sim live on a display giving `stamps`, keys delivered between frames as `script`
 * says, recording every tick (a keyframe every `every` ticks).
 */
function record(
  stamps: readonly number[],
  script: readonly Press[],
  every = 120,
  keep?: number,
): Session {
  const sim = new Sim(6, 99);
  const keyboard = new EventTarget();
  const input = createInput({ keyboard });
  const recorder = new Recorder({ build: BUILD, timestep: TIMESTEP, keep });
  const hashes: number[] = [];
  const loop = createLoop({
    scheduler: 'manual',
    timestep: TIMESTEP,
    update(dt) {
      if (recorder.ticks % every === 0) recorder.keyframe(sim.save());
      const keys = input.sample();
      recorder.record(keys);
      sim.step(dt, keys);
      hashes.push(sim.hash());
      recorder.hash(sim.hash());
    },
  }).start();
  let next = 0;
  for (const t of stamps) {
    while (next < script.length && script[next]![0] <= t) {
      const [, type, code] = script[next++]!;
      keyboard.dispatchEvent(key(type, code));
    }
    loop.frame(t);
  }
  return { recorder, hashes, sim };
}

/** Replays `recording` on a live manual loop fed `stamps`, verifying every tick; the hashes. */
function replayOn(recording: Recording, stamps: readonly number[]): number[] {
  const sim = new Sim(6, 1); // another seed: everything must come from the recording
  sim.restore(recording.start);
  const playback = new Playback(recording);
  const hashes: number[] = [];
  const loop = createLoop({
    scheduler: 'manual',
    timestep: recording.timestep,
    update(dt) {
      if (playback.done) return loop.stop() && undefined;
      sim.step(dt, playback.sample());
      playback.verify(sim.hash());
      hashes.push(sim.hash());
    },
  }).start();
  for (const t of stamps) loop.frame(t);
  return hashes;
}

/** Ten seconds at 144 Hz, ±2 ms of jitter, and a 300 ms stall (a GC pause) at 5 s. */
function hostile144(): number[] {
  return display(144, 10, { jitter: 2, seed: 7 }).map((t) => (t > 5000 ? t + 300 : t));
}

describe('record and replay', () => {
  it('replays a session recorded at 144 Hz with jitter and a spike on a 60 Hz display, bit for bit', () => {
    const session = record(hostile144(), SCRIPT);
    const recording = session.recorder.recording();
    expect(recording.length).toBe(session.hashes.length);
    expect(recording.length).toBeGreaterThan(590); // ten seconds, less what maxDelta clamped
    const replayed = replayOn(recording, display(60, 12));
    expect(replayed).toEqual(session.hashes);
  });

  it('replays the same session unthrottled through replayAll, and from its saved bytes', () => {
    const session = record(hostile144(), SCRIPT);
    const bytes = session.recorder.recording().toBytes();
    const recording = Recording.fromBytes(bytes, BUILD);
    const sim = new Sim(6, 1);
    sim.restore(recording.start);
    const playback = new Playback(recording);
    const hashes: number[] = [];
    const ticks = replayAll(playback, (dt) => {
      sim.step(dt, playback.sample());
      playback.verify(sim.hash());
      hashes.push(sim.hash());
    });
    expect(ticks).toBe(session.hashes.length);
    expect(hashes).toEqual(session.hashes);
    expect(Array.from(sim.state)).toEqual(Array.from(session.sim.state));
  });

  it('replays the last ten seconds of a long session from the keyframe before them', () => {
    const stamps = display(144, 30, { jitter: 1, seed: 3 });
    const script = [0, 10_000, 20_000].flatMap((shift) =>
      SCRIPT.map(([t, type, code]) => [t + shift, type, code] as const),
    );
    const session = record(stamps, script, 120, 600);
    const recording = session.recorder.recording(600);
    expect(recording.length).toBeGreaterThanOrEqual(600);
    expect(recording.length).toBeLessThan(600 + 120);
    expect(recording.firstTick % 120).toBe(0);
    expect(replayOn(recording, display(60, 15))).toEqual(session.hashes.slice(recording.firstTick));
  });

  it('stops a replay of changed code at the first tick that differs, naming it', () => {
    const session = record(display(60, 3), SCRIPT);
    const recording = session.recorder.recording();
    const sim = new Sim(6, 1);
    sim.restore(recording.start);
    const playback = new Playback(recording);
    let played = 0;
    expect(() =>
      replayAll(playback, (dt) => {
        const keys = playback.sample();
        // The changed code: Space throws one ball less high.
        sim.step(dt, keys);
        if (keys.wasPressed('Space')) sim.state[3] = sim.state[3]! - 1;
        playback.verify(sim.hash());
        played++;
      }),
    ).toThrow(
      /^replay diverged at tick 27: the state hash is 0x[0-9a-f]{8} where the recording has 0x[0-9a-f]{8}$/,
    );
    expect(played).toBe(27);
  });

  it('matches bit for bit for any display traces, key timings and time of the spike', () => {
    const hz = fc.constantFrom(30, 50, 60, 75, 90, 120, 144, 165, 240);
    const press = fc.tuple(
      fc.double({ min: 0, max: 4000, noNaN: true }),
      fc.constantFrom('keydown' as const, 'keyup' as const),
      fc.constantFrom('Space', 'ArrowLeft', 'ArrowRight'),
    );
    check(
      fc.property(
        hz,
        hz,
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.array(press, { maxLength: 30 }),
        fc.double({ min: 0, max: 400, noNaN: true }),
        (recordHz, replayHz, seed, presses, spike) => {
          const rand = random(seed);
          const stamps = display(recordHz, 4, { jitter: rand() * 4, seed }).map((t) =>
            t > 2000 ? t + spike : t,
          );
          const script = [...presses].sort((a, b) => a[0] - b[0]);
          const session = record(stamps, script, 1 + Math.floor(rand() * 200));
          const recording = session.recorder.recording();
          expect(replayOn(recording, display(replayHz, 6, { jitter: 1, seed }))).toEqual(
            session.hashes,
          );
        },
      ),
      40,
    );
  });
});
