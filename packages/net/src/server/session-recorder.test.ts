import { Recording, RecordingError } from '@loop/core/replay';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SEED } from '../test-support.js';
import { replaySession, SessionRecorder } from './session-recorder.js';
import { TEST_INPUT_BYTES, TEST_SEATS, type TestState, testGame } from './test-game.js';

/** What a room steps: the test game's state, its tick, the seats taken and the inputs in force. */
class Match {
  state: TestState;
  tick = 0;
  readonly present = new Uint8Array(TEST_SEATS);
  readonly inputs = new Int8Array(TEST_SEATS * TEST_INPUT_BYTES);
  constructor(
    readonly recorder: SessionRecorder<TestState>,
    seed = 1,
  ) {
    this.state = testGame.create(seed);
  }
  join(slot: number): void {
    this.present[slot] = 1;
    this.inputs.fill(0, slot * TEST_INPUT_BYTES, slot * TEST_INPUT_BYTES + TEST_INPUT_BYTES);
    testGame.join(this.state, slot);
    this.recorder.joined[slot] = 1;
  }
  leave(slot: number): void {
    this.present[slot] = 0;
    this.inputs.fill(0, slot * TEST_INPUT_BYTES, slot * TEST_INPUT_BYTES + TEST_INPUT_BYTES);
    testGame.leave(this.state, slot);
  }
  input(slot: number, x: number, y: number): void {
    this.inputs[slot * TEST_INPUT_BYTES] = x;
    this.inputs[slot * TEST_INPUT_BYTES + 1] = y;
  }
  step(): void {
    this.recorder.beforeStep(this.state, this.tick, this.present, this.inputs);
    testGame.step(this.state, this.inputs);
    this.tick++;
    this.recorder.afterStep(this.state);
  }
}

/** The state's numbers, to compare bit for bit. */
const bits = (state: TestState) => [...state.positions, ...state.present];

const TICKS = 240;
/** Hostile schedules: joins of taken seats, leaves of empty ones, any input byte. */
const schedule = fc
  .array(
    fc.oneof(
      fc.record({
        at: fc.nat(TICKS - 1),
        kind: fc.constantFrom('join' as const, 'leave' as const),
        slot: fc.nat(TEST_SEATS - 1),
        x: fc.constant(0),
        y: fc.constant(0),
      }),
      fc.record({
        at: fc.nat(TICKS - 1),
        kind: fc.constant('input' as const),
        slot: fc.nat(TEST_SEATS - 1),
        x: fc.integer({ min: -128, max: 127 }),
        y: fc.integer({ min: -128, max: 127 }),
      }),
    ),
    { maxLength: 120 },
  )
  .map((events) => [...events].sort((a, b) => a.at - b.at));

describe('SessionRecorder', () => {
  it('property: a session with hostile joins, leaves and inputs replays bit for bit, through bytes', () => {
    fc.assert(
      fc.property(fc.integer(), schedule, (seed, events) => {
        const match = new Match(new SessionRecorder(testGame, 3600), seed);
        for (let t = 0; t < TICKS; t++) {
          for (const e of events) {
            if (e.at !== t) continue;
            if (e.kind === 'join') match.join(e.slot);
            else if (e.kind === 'leave') match.leave(e.slot);
            else match.input(e.slot, e.x, e.y);
          }
          match.step();
        }
        const bytes = match.recorder.recording().toBytes();
        const replayed = replaySession(testGame, Recording.fromBytes(bytes, testGame.build));
        expect(bits(replayed.state)).toEqual(bits(match.state));
        expect(replayed.tick).toBe(TICKS);
      }),
      { seed: SEED, numRuns: 40 },
    );
  });

  it('replays a seat taken again while taken (a join resets the player) and one taken and freed between steps', () => {
    const match = new Match(new SessionRecorder(testGame, 3600));
    match.join(0);
    match.input(0, 0, -100);
    for (let t = 0; t < 10; t++) match.step();
    match.join(0); // the seat taken anew: back to its spawn point
    match.join(1);
    match.leave(1); // taken and freed before the step
    for (let t = 0; t < 10; t++) match.step();
    expect(bits(replaySession(testGame, match.recorder.recording()).state)).toEqual(
      bits(match.state),
    );
  });

  it('starts with a keyframe whatever the tick, then one at every multiple of half the time kept', () => {
    // A room whose recorder starts at tick 7, keeping 1 s (60 ticks): keyframes at ticks 7, 30,
    // 60 and 90. After tick 106 the replay of the last 60 ticks needs the one at 30 and no older.
    const match = new Match(new SessionRecorder(testGame, 3600));
    for (let t = 0; t < 7; t++) testGame.step(match.state, match.inputs);
    match.tick = 7;
    const recorder = new SessionRecorder(testGame, 1);
    const live = Object.assign(match, { recorder });
    live.join(2);
    for (let t = 0; t < 100; t++) {
      live.input(2, 90, t - 50);
      live.step();
    }
    const recording = recorder.recording();
    expect([recording.firstTick, recording.length]).toEqual([30 - 7, 106 - 30 + 1]);
    expect(bits(replaySession(testGame, recording).state)).toEqual(bits(live.state));
  });

  it('keyframes at most every 10 s, however long it keeps', () => {
    // Keeping 60 s: keyframes every 600 ticks (10 s), not every 1 800 (half of 60 s), so after
    // 4 300 ticks the replay of the last 3 600 starts at tick 600.
    const match = new Match(new SessionRecorder(testGame, 60));
    for (let t = 0; t < 4300; t++) match.step();
    const recording = match.recorder.recording();
    expect([recording.firstTick, recording.length]).toEqual([600, 3700]);
    expect(bits(replaySession(testGame, recording).state)).toEqual(bits(match.state));
  });

  it('says at which tick a replay stops matching, and refuses another build', () => {
    const match = new Match(new SessionRecorder(testGame, 3600));
    match.join(0);
    for (let t = 0; t < 20; t++) {
      match.input(0, t * 5, 0);
      match.step();
    }
    const good = match.recorder.recording();
    const data = good.data.slice();
    // Seat 0's input x at tick 12: after the row's kind and the seats' present and joined numbers.
    data[good.offsets[12]! + 1 + 2 * TEST_SEATS] = -100;
    expect(() => replaySession(testGame, new Recording({ ...good, data }))).toThrow(RecordingError);
    expect(() => replaySession(testGame, new Recording({ ...good, data }))).toThrow(
      /diverged at tick 12/,
    );
    expect(() => Recording.fromBytes(good.toBytes(), 'test-0')).toThrow(RecordingError);
    const start = new Uint8Array(100);
    expect(() => replaySession(testGame, new Recording({ ...good, start }))).toThrow(
      new RangeError('replaySession: the keyframe is 100 bytes, not a snapshot'),
    );
  });
});
