import { describe, expect, it } from 'vitest';
import { createLoop } from '../loop.js';
import { Random } from '../random.js';
import { Playback, replayAll } from '../replay/playback.js';
import { Recorder } from '../replay/recorder.js';
import { Recording } from '../replay/recording.js';
import { WORDS, WordSim, wordLayout } from '../test-support/word-sim.js';
import { until, workerPair } from '../test-support/worker-pair.js';
import { createWorkerLoop } from './page.js';
import type { Simulation, SimulationContext } from './protocol.js';
import type { Transport } from './transport.js';

const STEP = 1000 / 60;
const BALLS = 4;
const TICKS = 240;
const BUILD = 'word-sim';

/**
 * The game as a worker serves it: records every tick (input and state hash) and, when given
 * a recording in its init data, plays it instead of the page's input and checks every hash.
 */
function recordingGame({ data, post }: SimulationContext): Simulation {
  const sim = new WordSim(BALLS, 3);
  const recorder = new Recorder({ build: BUILD, timestep: STEP }).keyframe(sim.save());
  const bytes = (data as { replay?: Uint8Array } | undefined)?.replay;
  const playback = bytes ? new Playback(Recording.fromBytes(bytes, BUILD)) : undefined;
  const words = new Float64Array(WORDS);
  return {
    update(dt, input) {
      if (playback && !playback.done) {
        playback.sampleValues(words);
        sim.step(dt, words);
        playback.verify(sim.hash());
        if (playback.done) post({ replayed: playback.tick });
        return;
      }
      recorder.record(input);
      sim.step(dt, input);
      recorder.hash(sim.hash());
    },
    write: (prev, curr) => sim.write(prev as never, curr as never),
    receive: (message) => {
      if (message === 'save') post({ saved: recorder.recording().toBytes() });
      else post({ pong: message });
    },
  };
}

/** Input words of tick `t` from a seeded generator: a push that wanders, presses now and then. */
function inputTrace(seed: number): number[][] {
  const random = new Random(seed);
  let jumps = 0;
  return Array.from({ length: TICKS }, () => {
    if (random.next() < 0.1) jumps++;
    return [Math.round((random.next() * 2 - 1) * 8) / 8, jumps];
  });
}

/** Runs the worker loop for TICKS ticks and returns what the game posted. */
async function runInWorker(transport: Transport, trace: number[][], replay?: Uint8Array) {
  const messages: Record<string, unknown>[] = [];
  const errors: unknown[] = [];
  const pair = workerPair(recordingGame);
  let current: number[] = [0, 0];
  const loop = createWorkerLoop({
    worker: pair.worker,
    snapshot: wordLayout(BALLS),
    input: WORDS,
    transport,
    scheduler: 'manual',
    init: { replay },
    sample: (words) => words.set(current),
    onMessage: (data) => messages.push(data as Record<string, unknown>),
    onError: (error) => errors.push(error),
  }).start();
  await until(() => pair.frames.pending, 'the worker started');
  pair.frames.fire(0);
  for (let tick = 1; tick <= TICKS; tick++) {
    current = trace[tick - 1]!;
    loop.frame(tick * STEP);
    loop.post(tick); // arrives after the input: once it is answered, the input is there
    await until(() => messages.some((m) => m.pong === tick), `input of tick ${tick} arrived`);
    if (!pair.frames.pending) break; // a step failed: the worker loop stopped
    pair.frames.fire(tick * STEP);
  }
  loop.post('save');
  await until(() => messages.some((m) => m.saved) || errors.length > 0, 'the recording came back');
  loop.dispose();
  return { messages, errors, saved: messages.find((m) => m.saved)?.saved as Uint8Array };
}

describe.each<Transport>(['shared', 'message'])(
  'record and replay in worker mode (%s)',
  (transport) => {
    it('a recording made in the worker replays bit for bit on the main thread', async () => {
      const trace = inputTrace(20261124);
      const { saved, errors } = await runInWorker(transport, trace);
      expect(errors).toEqual([]);
      const recording = Recording.fromBytes(saved, BUILD);
      expect(recording.length).toBe(TICKS);
      const playback = new Playback(recording);
      const sim = new WordSim(BALLS, 3);
      sim.load(recording.start);
      const words = new Float64Array(WORDS);
      const seen: number[][] = [];
      replayAll(playback, (dt) => {
        playback.sampleValues(words);
        seen.push([...words]);
        sim.step(dt, words);
        playback.verify(sim.hash());
      });
      expect(seen).toEqual(trace);
    });

    it('a recording made on the main thread replays bit for bit in the worker', async () => {
      const trace = inputTrace(7);
      const sim = new WordSim(BALLS, 3);
      const recorder = new Recorder({ build: BUILD, timestep: STEP }).keyframe(sim.save());
      const loop = createLoop({
        timestep: STEP,
        scheduler: 'manual',
        update(dt, state) {
          const words = trace[state.tick]!;
          recorder.record(words);
          sim.step(dt, words);
          recorder.hash(sim.hash());
        },
      }).start();
      for (let tick = 0; tick <= TICKS; tick++) loop.frame(tick * STEP);
      const bytes = recorder.recording().toBytes();
      const { messages, errors } = await runInWorker(transport, inputTrace(99), bytes);
      expect(errors).toEqual([]);
      expect(messages.find((m) => m.replayed)?.replayed).toBe(TICKS);
    });

    it('a replay that diverges stops the worker and says at which tick', async () => {
      const trace = inputTrace(7);
      const sim = new WordSim(BALLS, 3);
      const recorder = new Recorder({ build: BUILD, timestep: STEP }).keyframe(sim.save());
      for (let tick = 0; tick < 50; tick++) {
        recorder.record(trace[tick]!);
        sim.step(STEP / 1000, trace[tick]!);
        recorder.hash(tick === 30 ? 1 : sim.hash());
      }
      const { errors } = await runInWorker(transport, trace, recorder.recording().toBytes());
      expect(errors).toHaveLength(1);
      expect(String((errors[0] as Error).message)).toMatch(/diverged at tick 30\b/);
    });
  },
);
