import { reentrantFrame } from './checks.js';
import type { DropReason, LoopState } from './options.js';
import { type Guard, IDLE, IN_FRAME } from './run/runner.js';
import type { FrameStats } from './stats.js';
import type { Strategy } from './time/modes.js';
import type { Pacer } from './time/pacer.js';
import { advance, alpha, type ClockState, due, step } from './time/rule.js';

/** The hooks of a loop, each a function (a no-op where none was given). */
export interface Hooks {
  update(dt: number, loop: LoopState): void;
  render(alpha: number, loop: LoopState): void;
  begin(now: number, loop: LoopState): void;
  end(loop: LoopState): void;
  onDrop: ((droppedMs: number, reason: DropReason, loop: LoopState) => void) | undefined;
  onError: ((error: unknown) => void) | undefined;
}

/** What one frame reads and writes: the pieces a loop is composed of. */
export interface FrameParts {
  /** The loop's clock, driven through the rule's functions (the Clock class's state). */
  readonly clock: ClockState;
  readonly pacer: Pacer;
  readonly stats: FrameStats;
  readonly hooks: Hooks;
  /** How the non-fixed modes spend time; null for the fixed modes (the hot path). */
  readonly strategy: Strategy | null;
  readonly guard: Guard;
  /** What the hooks are handed: the loop itself. */
  readonly state: LoopState;
  /** Stops the loop (after a hook threw). */
  stop(): void;
  /** Cancels a scheduler request that outlived `stop()`. */
  cancel(): void;
}

/**
 * Makes the frame path of a loop: clock → pacer (FPS cap) → begin → updates → drops → stats →
 * render → end. Returns `frame(now)`: true if the frame rendered; false if the FPS cap skipped
 * it, `stop()` ended it before render, or the loop is stopped. Called from inside a hook of
 * the same loop it throws and changes nothing. Nothing in it allocates.
 */
export function framePath(parts: FrameParts): (now: number) => boolean {
  const { clock, pacer, stats, hooks, strategy, guard, state } = parts;
  const { update, render, begin, end, onError } = hooks;
  const dt = clock.dt;
  const perMs = clock.perMs;
  const halted = () => guard.phase !== IN_FRAME;
  // The non-fixed modes hand update the length of each piece, in seconds.
  const piece = (units: number) => update(units / perMs / 1000, state);

  const drops: Drops = { clamped: 0, dropped: 0 };
  const report = dropReport(parts, drops);

  /** Runs the hooks of a frame the cap let through; false when stop() ended it before render. */
  const body = (): boolean => {
    // Locals, so each captured binding is loaded once: the frame path must stay small enough
    // for V8 to inline all of it into the scheduler callback.
    const c = clock;
    const g = guard;
    begin(c.now, state);
    if (g.phase !== IN_FRAME) return false;
    if (strategy === null) {
      while (due(c)) {
        update(dt, state);
        step(c);
        if (g.phase !== IN_FRAME) return false;
      }
    } else {
      strategy(c, piece, halted);
      if (g.phase !== IN_FRAME) return false;
    }
    // Stryker disable next-line ConditionalExpression: `true` for the whole or either side only adds reports of nothing dropped, which add 0 to the stats and call no onDrop (equivalent); `false` for the whole or either side loses a drop (loop-edges.test.ts's onDrop tests kill them)
    if (drops.clamped !== 0 || c.dropped !== drops.dropped) {
      report();
      if (g.phase !== IN_FRAME) return false;
    }
    stats.frame(c.now, c.elapsed, c.steps);
    render(alpha(c), state);
    if (g.phase === IN_FRAME) end(state);
    return true;
  };

  /** Off the hot path: a hook threw, so the loop stops and the error goes to onError or up. */
  const fail = (error: unknown): false => {
    guard.phase = IDLE;
    parts.stop();
    if (!onError) throw error;
    onError(error);
    return false;
  };

  return (now) => {
    const g = guard;
    if (g.phase !== IDLE) throw reentrantFrame();
    if (!g.running) {
      // A scheduler callback that outlived stop(): run nothing and cancel what it asked for.
      parts.cancel();
      return false;
    }
    const c = clock;
    const passed = advance(c, now);
    // Time cut by maxDelta, reported at the next frame that renders (a skipped one may cut too).
    drops.clamped += Math.max(0, passed - c.clamp);
    if (pacer.capped && !pacer.ready(passed / perMs)) {
      stats.skipped++;
      return false;
    }
    g.phase = IN_FRAME;
    try {
      const rendered = body();
      g.phase = IDLE;
      return rendered;
    } catch (error) {
      return fail(error);
    }
  };
}

/**
 * Drops not yet reported: real units cut by the `maxDelta` clamp, and the clock's count of
 * units dropped by `maxSteps` at the last report.
 */
interface Drops {
  clamped: number;
  dropped: number;
}

/**
 * Off the hot path: reports the real time clamped and dropped since the last report, in ms, to
 * the stats and `onDrop` (the frame path calls it only when there is something to report).
 */
function dropReport(parts: FrameParts, drops: Drops): () => void {
  const { clock, stats, guard, state } = parts;
  const { onDrop } = parts.hooks;
  return () => {
    const byClamp = drops.clamped / clock.perMs;
    const bySteps = (clock.dropped - drops.dropped) / clock.perMs / (clock.scale || 1);
    drops.clamped = 0;
    drops.dropped = clock.dropped;
    stats.drop(byClamp + bySteps);
    if (onDrop && byClamp > 0) onDrop(byClamp, 'maxDelta', state);
    if (onDrop && bySteps > 0 && guard.phase === IN_FRAME) onDrop(bySteps, 'maxSteps', state);
  };
}
