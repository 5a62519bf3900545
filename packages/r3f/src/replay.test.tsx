import { hashNumbers, Playback, Recorder, type Recording } from '@loop/core/replay';
import { useRef, useState } from 'react';
import type { Mesh } from 'three';
import { describe, expect, it } from 'vitest';
import { useInterpolatedObject } from './interpolated-object.js';
import { frame, mount } from './test-support.js';
import { useFixedUpdate } from './use-fixed-update.js';

const TIMESTEP = 1000 / 60;

/** One session of the toy game: a live stick and a recorder, or a playback of a recording. */
interface Session {
  /** The stick as the player holds it now (live sessions). */
  readonly stick: Float64Array;
  readonly recorder?: Recorder;
  readonly playback?: Playback;
  /** The state after the last tick: x, velocity. */
  readonly state: Float64Array;
  ticks: number;
}

/**
 * A toy R3F game on `@loop/core/replay`, used the way a game would: input read per tick at a
 * low priority (recorded live, or sampled from the playback), then the step, whose state hash
 * is recorded or verified, and an interpolated mesh drawing it.
 */
function Game({ session }: { session: Session }) {
  const mesh = useRef<Mesh>(null);
  const pose = useInterpolatedObject(mesh);
  const [input] = useState(() => new Float64Array(1));
  const { recorder, playback, state } = session;
  useFixedUpdate(() => {
    if (playback) {
      if (!playback.done) playback.sampleValues(input);
    } else {
      input[0] = session.stick[0]!;
      recorder?.record(input);
    }
  }, -10);
  useFixedUpdate((dt) => {
    if (playback?.done && session.ticks === playback.recording.length) return;
    state[1] = state[1]! + input[0]! * dt;
    state[0] = state[0]! + state[1]! * dt;
    pose.position[0] = state[0]!;
    session.ticks++;
    const hash = hashNumbers(state);
    if (playback) playback.verify(hash);
    else recorder?.hash(hash);
  });
  return <mesh ref={mesh} />;
}

/** Plays a live session on a jittery display near `hz`, the stick moved every 7 frames. */
async function playLive(
  hz: number,
  frames: number,
): Promise<{ recording: Recording; session: Session }> {
  const recorder = new Recorder({ build: 'r3f-test', timestep: TIMESTEP });
  const session: Session = {
    stick: new Float64Array(1),
    recorder,
    state: new Float64Array(2),
    ticks: 0,
  };
  recorder.keyframe(new Uint8Array(session.state.buffer.slice(0)));
  const { renderer } = await mount(<Game session={session} />, { timestep: TIMESTEP });
  for (let i = 0; i < frames; i++) {
    if (i % 7 === 0) session.stick[0] = Math.sin(i) * 3;
    frame(renderer, (1 + 0.3 * Math.sin(i * 1.7)) / hz);
  }
  await renderer.unmount();
  return { recording: recorder.recording(), session };
}

describe('record and replay of an R3F scene', () => {
  it('replays bit for bit on another display rate, every tick verified by its state hash', async () => {
    const { recording, session: live } = await playLive(30, 90);
    expect(recording.length).toBeGreaterThan(150);
    const playback = new Playback(recording);
    const errors: unknown[] = [];
    const replay: Session = {
      stick: new Float64Array(1),
      playback,
      state: new Float64Array(2),
      ticks: 0,
    };
    const { renderer } = await mount(<Game session={replay} />, {
      timestep: TIMESTEP,
      onError: (error) => errors.push(error),
    });
    for (let i = 0; i < 10_000 && !playback.done; i++) frame(renderer, 1 / 144);
    await renderer.unmount();
    expect(errors).toEqual([]);
    expect(playback.done).toBe(true);
    expect(replay.ticks).toBe(live.ticks);
    expect(Array.from(replay.state)).toEqual(Array.from(live.state)); // bit for bit
  });

  it('names the first tick where a replay diverges', async () => {
    const { recording } = await playLive(60, 60);
    const playback = new Playback(recording);
    const errors: unknown[] = [];
    const state = new Float64Array(2);
    state[1] = 1e-9; // another start state than the keyframe's
    const replay: Session = { stick: new Float64Array(1), playback, state, ticks: 0 };
    const { renderer } = await mount(<Game session={replay} />, {
      timestep: TIMESTEP,
      onError: (error) => errors.push(error),
    });
    for (let i = 0; i < 5; i++) frame(renderer, 1 / 60);
    await renderer.unmount();
    expect(String(errors[0])).toMatch(/replay diverged at tick 0/);
  });
});
