import { hashNumbers, type InstantReplay, type InstantReplayOptions } from '@loop/core/replay';
import { useRef, useState } from 'react';
import type { Mesh } from 'three';
import { describe, expect, it } from 'vitest';
import { useInstantReplay } from './instant-replay.js';
import { useInterpolatedObject } from './interpolated-object.js';
import { frame, mount } from './test-support.js';
import { useFixedUpdate } from './use-fixed-update.js';

const TIMESTEP = 1000 / 60;
const OPTIONS: InstantReplayOptions = {
  build: 'r3f-instant',
  timestep: TIMESTEP,
  instantSeconds: 1,
  keyframeSeconds: 0.5,
  keepSeconds: 3,
};

/** One session of the toy game, read and driven by the test. */
interface Session {
  /** x, velocity after the last tick. */
  readonly state: Float64Array;
  /** Every live tick's state after it, in order. */
  readonly live: number[][];
  /** Every replayed tick's state after it, in order. */
  readonly replayed: number[][];
  /** Live ticks before the first replayed one. */
  liveAtReplay: number;
  /** Ask for an instant replay at the next tick (as the R key would). */
  wantReplay: boolean;
  /** Where the drawn object may be: between the state before the last tick and after it. */
  from: number;
  to: number;
  loads: number;
  replay: InstantReplay | null;
  mesh: Mesh | null;
}

function newSession(): Session {
  const state = new Float64Array(2);
  return {
    state,
    live: [],
    replayed: [],
    liveAtReplay: -1,
    wantReplay: false,
    from: 0,
    to: 0,
    loads: 0,
    replay: null,
    mesh: null,
  };
}

/** The stick the player holds at live tick `n`: a pure function of the tick, so a run repeats. */
const stickAt = (n: number) => Math.sin(n * 0.37) * 3 + Math.cos(n * 0.11);

/**
 * A toy R3F game with instant replay, written as the hook's doc says: the live input (a stick)
 * into `replay.begin`, the step with the input it returns, `replay.end` with the state's hash.
 * Its `loadState` puts the drawn pose there too and teleports it.
 */
function Game({ session, options }: { session: Session; options: InstantReplayOptions }) {
  const mesh = useRef<Mesh>(null);
  const pose = useInterpolatedObject(mesh);
  const [io] = useState(() => ({ live: new Float64Array(1), used: new Float64Array(1) }));
  const { state } = session;
  const replay = useInstantReplay(
    {
      saveState: () => new Uint8Array(state.buffer.slice(0)),
      loadState: (bytes) => {
        state.set(new Float64Array(bytes.buffer.slice(0)));
        pose.position[0] = state[0]!;
        pose.teleport();
        session.loads++;
      },
    },
    options,
  );
  session.replay = replay;
  useFixedUpdate((dt) => {
    if (session.wantReplay) {
      session.wantReplay = false;
      replay.instant();
    }
    io.live[0] = stickAt(session.live.length);
    const used = replay.begin(io.live, io.used);
    const replaying = replay.replaying;
    const loads = session.loads;
    session.from = state[0]!;
    state[1] = state[1]! + used[0]! * dt;
    state[0] = state[0]! + state[1]! * dt;
    pose.position[0] = state[0]!;
    const after = Array.from(state);
    replay.end(hashNumbers(state));
    if (session.loads !== loads) session.from = state[0]!; // the live state came back: a teleport
    session.to = state[0]!;
    if (replaying && session.replayed.length === 0) session.liveAtReplay = session.live.length;
    (replaying ? session.replayed : session.live).push(after);
  });
  return (
    <mesh
      ref={(made) => {
        mesh.current = made;
        session.mesh = made;
      }}
    />
  );
}

/** Mounts a session under a `<FixedLoop>` and returns a frame driver that checks the drawing. */
async function play(session: Session, options = OPTIONS) {
  const mounted = await mount(<Game session={session} options={options} />, {
    timestep: TIMESTEP,
  });
  let i = 0;
  /** One frame of a jittery ~60 Hz display; the mesh drawn between the last tick's two states. */
  const step = () => {
    frame(mounted.renderer, (1 + 0.3 * Math.sin(i++ * 1.7)) / 60);
    const x = session.mesh!.position.x;
    const low = Math.min(session.from, session.to);
    const high = Math.max(session.from, session.to);
    expect(x).toBeGreaterThanOrEqual(low - 1e-9);
    expect(x).toBeLessThanOrEqual(high + 1e-9);
  };
  /** Frames until `done` (at most `limit`). */
  const until = (done: () => boolean, limit = 1000) => {
    for (let k = 0; k < limit && !done(); k++) step();
  };
  return { mounted, step, until };
}

describe('useInstantReplay under <FixedLoop>', () => {
  it('replays the last second bit for bit, then goes on live as if it had not happened', async () => {
    const session = newSession();
    const { mounted, until } = await play(session);
    until(() => session.live.length >= 150);
    const replay = session.replay!;
    expect(replay.phase).toBe('recording');
    session.wantReplay = true;
    until(() => replay.phase !== 'recording');
    expect(replay.phase).toBe('replaying');
    until(() => replay.phase !== 'replaying');
    expect(replay.phase).toBe('matched');
    // About the last second, from the keyframe at or before it (keyframes every 0.5 s).
    expect(replay.length).toBeGreaterThanOrEqual(60);
    expect(replay.length).toBeLessThanOrEqual(90);
    expect(replay.matched).toBe(replay.length);
    // Bit for bit: every replayed state is the live state of the same tick.
    const at = session.liveAtReplay;
    expect(at).toBeGreaterThanOrEqual(150);
    expect(session.replayed).toEqual(session.live.slice(at - replay.length, at));

    // Live again: recorded, and the same game as a session that never replayed.
    until(() => session.live.length >= 240);
    expect(replay.phase).toBe('matched');
    expect(replay.replaying).toBe(false);
    await mounted.renderer.unmount();
    const control = newSession();
    const other = await play(control);
    other.until(() => control.live.length >= 240);
    await other.mounted.renderer.unmount();
    expect(session.live.slice(0, 240)).toEqual(control.live.slice(0, 240));
    expect(control.replayed).toEqual([]);
  });

  it("runs the loop at the replay's speed, and at its own time scale again after", async () => {
    const session = newSession();
    const { mounted, until } = await play(session, { ...OPTIONS, speed: 2 });
    await mounted.update(<Game session={session} options={{ ...OPTIONS, speed: 2 }} />, {
      timestep: TIMESTEP,
      timeScale: 0.5,
    });
    const loop = mounted.loop();
    expect(loop.timeScale).toBe(0.5);
    until(() => session.live.length >= 100);
    session.wantReplay = true;
    until(() => session.replay!.replaying);
    expect(loop.timeScale).toBe(1); // 0.5 × 2
    until(() => !session.replay!.replaying);
    expect(session.replay!.phase).toBe('matched');
    expect(loop.timeScale).toBe(0.5);
    await mounted.renderer.unmount();
  });

  it('reads speed live, and names a timestep that is not the loop’s', async () => {
    const session = newSession();
    const { mounted } = await play(session);
    expect(session.replay!.speed).toBe(1);
    await mounted.update(<Game session={session} options={{ ...OPTIONS, speed: 0.25 }} />, {
      timestep: TIMESTEP,
    });
    expect(session.replay!.speed).toBe(0.25);
    await mounted.renderer.unmount();

    const errors: unknown[] = [];
    const wrong = await mount(
      <Game session={newSession()} options={{ ...OPTIONS, timestep: 10 }} />,
      { timestep: TIMESTEP, onError: (error) => errors.push(error) },
    );
    for (let i = 0; i < 5; i++) frame(wrong.renderer, 1 / 30);
    await wrong.renderer.unmount();
    expect(String(errors[0])).toBe(
      `RangeError: useInstantReplay: timestep must be the <FixedLoop>'s, ${TIMESTEP} ms, got 10`,
    );
  });
});
