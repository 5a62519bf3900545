import { Recorder } from '@loop/core/replay';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BoxGame } from './test-support/replay-game.js';
import { check, SEED } from './test-support/seed.js';

/**
 * Hostile bytes a player can hand a Rapier game (a file picked to load, a recording another
 * build saved, one cut short by a failed download or changed on disk), over real Rapier worlds:
 * each is refused with a clear message, nothing of it is replayed into the live game, and the
 * game steps on exactly as one that never saw it. Never a crash: no exception escapes the
 * replay, and Rapier's WebAssembly keeps working after reading bytes that are no snapshot.
 * The seed is SEED of test-support/seed.ts (printed with a failure; FC_SEED tries others).
 */

const DT = 1 / 60;
const TIMESTEP = 1000 / 60;
const idle = new Float64Array(2);

/** One way to spoil a file's bytes, named for the failure message. */
interface Corruption {
  readonly name: string;
  apply(bytes: Uint8Array): Uint8Array;
}

/** Bytes cut short at any length, one or more bytes flipped anywhere, or bytes of no file at all. */
const corruption: fc.Arbitrary<Corruption> = fc.oneof(
  fc.nat().map((n) => ({
    name: `truncated at ${n}`,
    apply: (b: Uint8Array) => b.slice(0, n % b.length),
  })),
  fc
    .array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 255 })), { minLength: 1, maxLength: 4 })
    .map((flips) => ({
      name: `flipped ${JSON.stringify(flips)}`,
      apply: (b: Uint8Array) => {
        const c = b.slice();
        for (const [at, mask] of flips) c[at % c.length]! ^= mask;
        return c;
      },
    })),
  fc.uint8Array({ maxLength: 300 }).map((junk) => ({
    name: `garbage of ${junk.length} bytes`,
    apply: () => junk,
  })),
);

/** A game and its twin, `ticks` live idle ticks in: the twin never sees the hostile bytes. */
function pair(ticks: number) {
  const game = new BoxGame();
  const twin = new BoxGame();
  for (let t = 0; t < ticks; t++) {
    game.advance(DT, idle, false, false);
    twin.advance(DT, idle, false, false);
  }
  return { game, twin };
}

/**
 * Steps `game` `updates` times and `twin` as many live ticks as `game` recorded: the live hashes
 * of both, which must be equal (a replay's ticks are not live ones).
 */
function liveHashes(game: BoxGame, twin: BoxGame, updates: number) {
  const ours: number[] = [];
  const theirs: number[] = [];
  for (let u = 0; u < updates; u++) {
    const before = game.replays.recorder.ticks;
    game.advance(DT, idle, false, false);
    if (game.replays.recorder.ticks === before) continue;
    ours.push(game.lastHash);
    twin.advance(DT, idle, false, false);
    theirs.push(twin.lastHash);
  }
  return { ours, theirs };
}

/** A recording with the game's own id and timestep, whose start state is `start`. */
function withStart(game: BoxGame, start: Uint8Array): Uint8Array {
  const recorder = new Recorder({ build: game.replays.build, timestep: TIMESTEP });
  recorder.keyframe(start);
  for (let t = 0; t < 5; t++) recorder.record(idle).hash(t);
  return recorder.recording().toBytes();
}

describe(`hostile recordings and keyframes (fast-check seed ${SEED})`, () => {
  it('refuses a corrupt recording before anything loads, and the live game steps on as its twin', () => {
    const source = pair(40).game;
    const file = source.replays.save();
    source.dispose();
    check(
      fc.property(corruption, (spoil) => {
        const bytes = spoil.apply(file);
        const { game, twin } = pair(10);
        expect(game.replays.load(bytes), spoil.name).toBe(false);
        expect(game.replays.phase).toBe('error');
        expect(game.replays.message).toMatch(/^cannot replay this file: \S/);
        const { ours, theirs } = liveHashes(game, twin, 20);
        expect(ours).toHaveLength(20); // every update a live one: nothing replayed
        expect(ours).toEqual(theirs);
        expect(game.replays.phase).toBe('error');
        game.dispose();
        twin.dispose();
      }),
      40,
    );
  });

  it('refuses a recording of another build or another timestep by name, whatever it holds', () => {
    check(
      fc.property(
        fc.string({ maxLength: 20 }).filter((s) => s !== 'box-game'),
        fc.constantFrom(TIMESTEP, 1000 / 30, 10),
        (build, timestep) => {
          const { game, twin } = pair(10);
          const recorder = new Recorder({ build, timestep });
          recorder.keyframe(game.saveState());
          recorder.record(idle).hash(game.lastHash);
          expect(game.replays.load(recorder.recording().toBytes())).toBe(false);
          expect(game.replays.message).toMatch(
            /^cannot replay this file: this recording (was made by build|steps every)/,
          );
          const { ours, theirs } = liveHashes(game, twin, 10);
          expect(ours).toHaveLength(10);
          expect(ours).toEqual(theirs);
          game.dispose();
          twin.dispose();
        },
      ),
      20,
    );
  });

  it('ends a recording whose keyframe is corrupt with an error, the live game as its twin, Rapier still working', () => {
    const source = pair(25).game;
    const keyframe = source.saveState();
    source.dispose();
    check(
      fc.property(corruption, (spoil) => {
        const { game, twin } = pair(10);
        // The file's own checksum is right: only the snapshot inside it is spoilt.
        expect(game.replays.load(withStart(game, spoil.apply(keyframe)))).toBe(true);
        const { ours, theirs } = liveHashes(game, twin, 12);
        expect(ours, spoil.name).toEqual(theirs);
        expect(ours.length).toBeGreaterThanOrEqual(11); // at most one tick went to the replay
        expect(game.replays.replaying).toBe(false);
        expect(game.replays.phase).toBe('error');
        expect(game.replays.message).toMatch(
          /^(cannot replay this file: .*loadState: |replay diverged at tick 0: )/,
        );
        game.dispose();
        twin.dispose();
      }),
      40,
    );
  });

  it('loads a corrupt snapshot into WorldState as a RangeError or as a world of these bodies, never half', () => {
    const source = pair(25).game;
    const keyframe = source.saveState();
    source.dispose();
    check(
      fc.property(corruption, (spoil) => {
        const { game } = pair(3);
        const state = game.state;
        const world = state.world;
        let error: unknown;
        try {
          state.loadState(spoil.apply(keyframe));
        } catch (e) {
          error = e;
        }
        if (error !== undefined) {
          expect(error).toBeInstanceOf(RangeError);
          expect(String(error)).toMatch(/^RangeError: WorldState\.loadState: /);
          expect(state.world).toBe(world); // the live world kept, not freed
        }
        expect(state.bodies.map((b) => b.userData)).toEqual([0, 1, 2, 3]);
        expect(() => state.step(DT)).not.toThrow(); // the WebAssembly still works
        game.dispose();
      }),
      40,
    );
  });
});
