import type { Loop } from '@loop/core';
import { InstantReplay, type InstantReplayOptions, type Replayable } from '@loop/core/replay';
import { useLayoutEffect, useState } from 'react';
import { usePageSteps } from './use-fixed-update.js';

/**
 * The `useFixedUpdate` priority {@link useInstantReplay} hands the replay's speed to the loop
 * at: the largest finite number, so it runs after every step callback of the game (which calls
 * `replay.end(hash)`, where a replay may end) and the speed holds from the next frame on.
 */
export const REPLAY_SPEED_PRIORITY = Number.MAX_VALUE;

/**
 * What the speed hand-over remembers between steps, made once per mount: the replay's time
 * scale last written to the loop, and the loop's own from before the replay (a `timeScale` prop).
 */
interface SpeedState {
  applied: number;
  base: number;
}

/**
 * Hands `replay.timeScale` to `loop` when it changes: the loop runs at `base × speed` while a
 * replay plays and back at `base`, its time scale from before the replay, once it ends (the
 * speed changes how many steps a frame runs, never `dt`, so a replay at any speed is the same
 * game). Also checks that the replay was made with the loop's timestep: recordings made at
 * another one would replay a different game (a RangeError names both).
 */
export function applyReplaySpeed(
  loop: Loop,
  replay: InstantReplay,
  timestep: number,
  state: SpeedState,
): void {
  if (loop.options.timestep !== timestep) {
    throw new RangeError(
      `useInstantReplay: timestep must be the <FixedLoop>'s, ${loop.options.timestep} ms, got ${timestep}`,
    );
  }
  const want = replay.timeScale;
  // Stryker disable next-line ConditionalExpression: equivalent, without it each step writes the time scale the loop already has (the same base, the same speed)
  if (want === state.applied) return;
  if (state.applied === 1) state.base = loop.timeScale;
  loop.timeScale = state.base * want; // × 1 is exact: the base itself once the replay ends
  state.applied = want;
}

/**
 * Instant replay (`InstantReplay` of `@loop/core/replay`) for a game stepped under the nearest
 * `<FixedLoop>`: R replays the last seconds, a saved file a whole session, every tick checked
 * by its state hash, then the game is back where it was and goes on live. One replay per mount,
 * made from the first render's `game` and `options` (a new `key` starts another); `options.speed`
 * is read live. While a replay plays the loop runs at its speed (`speed: 0.25` slow motion, 4
 * fast forward), after it at the time scale it had before.
 *
 * The game's own `useFixedUpdate` stays the game's, as with `Recorder` and `Playback`: each step
 * `replay.begin(liveInput)` gives the input to step with (the live one, recorded, or the
 * replay's), then `replay.end(hash)` with the state's hash. `game.loadState` must put the drawn
 * poses there too and teleport them (`pose.teleport()`, `bodies.teleport()`), so neither the jump
 * into the replay nor the one back is drawn as a smear.
 *
 * Why a hook: the replay must outlive re-renders, its speed must reach the live loop (which a
 * component under `<FixedLoop>` does not hold), and a replay made with another timestep than the
 * loop's would diverge at its first tick; this does all three and allocates nothing per step.
 * Under `<WorkerLoop>` it throws: the simulation, and so its replay, lives in the worker.
 *
 * @example
 * const replay = useInstantReplay(game, { build: BUILD, timestep: 1000 / 60, instantSeconds: 5 });
 * useFixedUpdate((dt) => {
 *   const keys = input.sample();
 *   if (keys.wasPressed('KeyR')) replay.instant();
 *   game.step(dt, replay.begin(keys)); // live input, recorded; or the replay's
 *   replay.end(game.hash());
 * });
 */
export function useInstantReplay(game: Replayable, options: InstantReplayOptions): InstantReplay {
  const context = usePageSteps('useInstantReplay');
  // The replay and the timestep it steps at, made once: a later render's timestep is not the
  // replay's, and the check below must hold the loop to the replay's own.
  const [{ replay, timestep }] = useState(() => ({
    replay: new InstantReplay(game, options),
    timestep: options.timestep,
  }));
  const { speed } = options;
  useLayoutEffect(() => {
    if (speed !== undefined) replay.speed = speed;
  }, [replay, speed]);
  useLayoutEffect(
    () => {
      const state: SpeedState = { applied: 1, base: 1 };
      const apply = {
        current: () => {
          const loop = context.loop;
          // Stryker disable next-line ConditionalExpression: equivalent, steps run only from a live loop, so the loop is set whenever this runs
          if (loop !== null) applyReplaySpeed(loop, replay, timestep, state);
        },
      };
      return context.updates.add(apply, REPLAY_SPEED_PRIORITY);
    },
    // Stryker disable next-line ArrayDeclaration: all three are fixed for a mount (<FixedLoop> keeps one context object, the replay and its timestep are made once), so an empty list runs the effect exactly as often
    [context, replay, timestep],
  );
  return replay;
}
