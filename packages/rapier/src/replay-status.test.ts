import type { InstantReplay } from '@loop/core/replay';
import { describe, expect, it } from 'vitest';
import { copyStatus, firstStatus, statusOf } from './replay-status.js';

/** The fields of an InstantReplay the status reads, changed by the test as a replay would. */
function replays() {
  return {
    phase: 'recording',
    changes: 0,
    matched: 0,
    length: 0,
    recorder: { ticks: 5 },
    instantSeconds: 10,
    message: '',
  };
}

describe('the replay status', () => {
  it('reads the InstantReplay live: every field as it is now', () => {
    const live = replays();
    const status = statusOf(live as unknown as InstantReplay);
    expect({ ...status }).toEqual({
      phase: 'recording',
      changes: 0,
      matched: 0,
      length: 0,
      ticks: 5,
      instantSeconds: 10,
      message: '',
    });
    Object.assign(live, {
      phase: 'error',
      changes: 4,
      matched: 17,
      length: 600,
      instantSeconds: 2.5,
      message: 'diverged at tick 17',
    });
    live.recorder.ticks = 720;
    expect({ ...status }).toEqual({
      phase: 'error',
      changes: 4,
      matched: 17,
      length: 600,
      ticks: 720,
      instantSeconds: 2.5,
      message: 'diverged at tick 17',
    });
  });

  it('copies into plain fields that postMessage carries and later changes leave alone', () => {
    const live = replays();
    live.matched = 3;
    const copy = copyStatus(statusOf(live as unknown as InstantReplay));
    live.matched = 4;
    live.recorder.ticks = 6;
    const cloned = structuredClone(copy);
    expect(cloned).toEqual({
      phase: 'recording',
      changes: 0,
      matched: 3,
      length: 0,
      ticks: 5,
      instantSeconds: 10,
      message: '',
    });
    expect(Object.getOwnPropertyDescriptor(copy, 'matched')?.value).toBe(3);
  });
});

describe('firstStatus', () => {
  it('says recording with nothing yet, and the instant replay’s length', () => {
    expect(firstStatus()).toEqual({
      phase: 'recording',
      changes: 0,
      matched: 0,
      length: 0,
      ticks: 0,
      instantSeconds: 10,
      message: '',
    });
    expect(firstStatus(2.5).instantSeconds).toBe(2.5);
  });
});
