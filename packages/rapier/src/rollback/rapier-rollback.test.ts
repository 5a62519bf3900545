import RAPIER from '@dimforge/rapier3d-deterministic-compat';
import { hashNumbers } from '@loop/core/replay';
import { checkGame, MAX_INPUT_WORDS as NET_MAX_INPUT_WORDS } from '@loop/net/rollback';
import { beforeAll, describe, expect, it } from 'vitest';
import { WorldState } from '../world-state.js';
import { MAX_INPUT_WORDS, type RapierRollbackOptions } from './options.js';
import { POSE_STRIDE, RapierRollback } from './rapier-rollback.js';
import { hashSnapshot } from './snapshot-hash.js';

/**
 * The adapter on its own, on Rapier's deterministic build: the options checked, the `poses`
 * part, save and load (bodies found again by handle, the poses captured back), one step of
 * exactly the timestep, and each checksum source. Its place under a session is
 * rapier-rollback.session.test.ts.
 */
type W = InstanceType<typeof RAPIER.World>;

beforeAll(async () => {
  await RAPIER.init();
});

/** A unit quaternion with no zero component, another for each `i`. */
function turned(i: number) {
  const x = 0.1 + 0.1 * i;
  const len = Math.sqrt(x * x + 0.04 + 0.09 + 0.81);
  return { x: x / len, y: 0.2 / len, z: 0.3 / len, w: 0.9 / len };
}

/** A floor (body 0) and `n` boxes dropping onto it, spun so every pose field is used. */
function boxes(n: number): WorldState<W> {
  const state = new WorldState(RAPIER.World, new RAPIER.World({ x: 0, y: -9.81, z: 0 }));
  const floor = state.world.createRigidBody(RAPIER.RigidBodyDesc.fixed());
  state.world.createCollider(RAPIER.ColliderDesc.cuboid(4, 0.5, 4), floor);
  state.add(floor);
  for (let i = 0; i < n; i++) {
    const desc = RAPIER.RigidBodyDesc.dynamic()
      .setTranslation(i * 0.3 - 1, 1 + i * 0.6, i * 0.2 - 0.5)
      .setRotation(turned(i))
      .setAngvel({ x: 1 + i, y: 2, z: 0.5 * i })
      .setLinvel(0.5, 0, -0.25 * i);
    const body = state.world.createRigidBody(desc);
    state.world.createCollider(RAPIER.ColliderDesc.cuboid(0.25, 0.25, 0.25), body);
    state.add(body);
  }
  return state;
}

const still = () => {};

function game(over: Partial<RapierRollbackOptions<W>> = {}, state = boxes(3)): RapierRollback<W> {
  return new RapierRollback<W>({ state, inputWords: 1, act: still, ...over });
}

describe('RapierRollback options', () => {
  it('names the option and the value it refuses', () => {
    const state = boxes(1);
    const bad: [Partial<RapierRollbackOptions<W>>, string][] = [
      [{ state: {} as WorldState<W> }, 'state must be a WorldState, got [object Object]'],
      [{ state: undefined }, 'state must be a WorldState, got undefined'],
      [
        { state: Object.assign(Object.create(WorldState.prototype), { world: {} }) },
        'state.world must be a Rapier World, got [object Object]',
      ],
      [
        { state: { saveState: () => new Uint8Array(0) } as never },
        'state must be a WorldState, got [object Object]',
      ],
      [
        { state: Object.create(WorldState.prototype) },
        'state.world must be a Rapier World, got undefined',
      ],
      [
        { state: new WorldState(RAPIER.World, new RAPIER.World({ x: 0, y: 0, z: 0 })) },
        'state must be a WorldState holding bodies, got 0 bodies',
      ],
      [{ inputWords: 0 }, 'inputWords must be an integer from 1 to 64, got 0'],
      [{ inputWords: 65 }, 'inputWords must be an integer from 1 to 64, got 65'],
      [{ inputWords: 1.5 }, 'inputWords must be an integer from 1 to 64, got 1.5'],
      [{ act: 3 as never }, 'act must be a function, got 3'],
      [{ timestep: 0 }, 'timestep must be a finite number of ms above 0, got 0'],
      [{ timestep: -1 }, 'timestep must be a finite number of ms above 0, got -1'],
      [
        { timestep: Number.POSITIVE_INFINITY },
        'timestep must be a finite number of ms above 0, got Infinity',
      ],
      [{ timestep: Number.NaN }, 'timestep must be a finite number of ms above 0, got NaN'],
      [{ timestep: '16' as never }, 'timestep must be a finite number of ms above 0, got 16'],
      [{ checksum: 'poses' as never }, "checksum must be 'velocities' or 'snapshot', got poses"],
      [{ build: '' }, 'build must be a non-empty string, got '],
      [{ build: 7 as never }, 'build must be a non-empty string, got 7'],
    ];
    for (const [over, message] of bad) {
      expect(() => new RapierRollback<W>({ state, inputWords: 1, act: still, ...over })).toThrow(
        new RangeError(message),
      );
    }
    expect(() => new RapierRollback(undefined as never)).toThrow(
      new RangeError('state must be a WorldState, got undefined'),
    );
  });

  it('takes the edges of every range and fills in the defaults', () => {
    expect(MAX_INPUT_WORDS).toBe(NET_MAX_INPUT_WORDS);
    expect(game({ inputWords: 64 }).inputWords).toBe(64);
    const made = game({ inputWords: 1, timestep: 1e-3 });
    expect(made.inputWords).toBe(1);
    expect(made.build).toBe('rapier');
    expect(made.source).toBe('velocities');
    expect(game({ build: 'push-off 1', checksum: 'snapshot' })).toMatchObject({
      build: 'push-off 1',
      source: 'snapshot',
    });
    // The session's own check passes it as an opaque game.
    expect(() => checkGame(made)).not.toThrow();
  });
});

describe('RapierRollback', () => {
  it('shows every body as a pose of 7 in the part "poses", captured when made', () => {
    const state = boxes(2);
    const made = game({}, state);
    expect(made.parts).toEqual([{ name: 'poses', array: made.poses, stride: 7, item: 'body' }]);
    expect(POSE_STRIDE).toBe(7);
    expect(made.poses.length).toBe(3 * 7);
    for (let i = 0; i < 3; i++) {
      const t = state.bodies[i]!.translation();
      const q = state.bodies[i]!.rotation();
      expect(Array.from(made.poses.subarray(i * 7, i * 7 + 7))).toEqual([
        t.x,
        t.y,
        t.z,
        q.x,
        q.y,
        q.z,
        q.w,
      ]);
    }
  });

  it('steps once by the timestep after act, which gets the state, inputs, tick and presence', () => {
    const seen: unknown[] = [];
    const made = game({
      timestep: 20,
      act: (state, inputs, tick, present) => seen.push([state, inputs[0], tick, present]),
    });
    const inputs = Int32Array.of(7);
    made.step(inputs, 4, 3);
    expect(seen).toEqual([[made.state, 7, 4, 3]]);
    expect(made.state.world.timestep).toBe(Math.fround(0.02));
    // One step of 20 ms under gravity from rest along y: v = g·dt.
    expect(made.state.bodies[1]!.linvel().y).toBeCloseTo(-9.81 * 0.02, 5);
    const reference = boxes(3);
    reference.world.timestep = 0.02;
    reference.world.step();
    expect(made.state.world.takeSnapshot()).toEqual(reference.world.takeSnapshot());
  });

  it('loads a saved tick into a new world, finds the bodies by handle and continues bit for bit', () => {
    const made = game();
    const inputs = new Int32Array(1);
    for (let t = 0; t < 30; t++) made.step(inputs, t, 1);
    const saved = made.save().slice();
    made.capture();
    const poses = made.poses.slice();
    const sum = made.checksum();
    for (let t = 30; t < 60; t++) made.step(inputs, t, 1);
    made.capture();
    const later = made.poses.slice();
    expect(later).not.toEqual(poses);
    const before = made.state.world;
    made.load(saved);
    expect(made.state.world).not.toBe(before);
    made.capture();
    expect(made.poses).toEqual(poses);
    expect(made.checksum()).toBe(sum);
    for (let i = 0; i < 4; i++) {
      expect(made.state.bodies[i]!.handle).toBe(made.state.handles[i]);
      expect(made.state.bodies[i]!.userData).toBe(i);
    }
    for (let t = 30; t < 60; t++) made.step(inputs, t, 1);
    made.capture();
    expect(made.poses).toEqual(later);
  });

  it('refuses a snapshot of another world, as WorldState does', () => {
    const made = game();
    const other = boxes(5).world.takeSnapshot();
    expect(() => made.load(other)).toThrow(RangeError);
  });

  it('checksums the velocities, which the poses do not show', () => {
    const made = game();
    const v = new Float64Array(4 * 6);
    for (let i = 0; i < 4; i++) {
      const body = made.state.bodies[i]!;
      const l = body.linvel();
      const a = body.angvel();
      v.set([l.x, l.y, l.z, a.x, a.y, a.z], i * 6);
    }
    expect(made.checksum()).toBe(hashNumbers(v));
    // A body's spin changed alone: same poses, another checksum.
    made.state.bodies[3]!.setAngvel({ x: 0, y: 0, z: 9 }, true);
    made.capture();
    const poses = made.poses.slice();
    expect(made.checksum()).not.toBe(hashNumbers(v));
    made.capture();
    expect(made.poses).toEqual(poses);
  });

  it('checksums the snapshot: the one save took, or a fresh one once the world moved', () => {
    const made = game({ checksum: 'snapshot' });
    const fresh = hashSnapshot(made.state.world.takeSnapshot());
    expect(made.checksum()).toBe(fresh);
    const saved = made.save();
    expect(made.checksum()).toBe(hashSnapshot(saved));
    made.step(new Int32Array(1), 0, 1);
    expect(made.checksum()).toBe(hashSnapshot(made.state.world.takeSnapshot()));
    expect(made.checksum()).not.toBe(fresh);
    made.load(saved);
    // After a load the kept snapshot is not trusted: the restored world is hashed itself.
    expect(made.checksum()).toBe(hashSnapshot(made.state.world.takeSnapshot()));
  });

  it('does not hash a saved snapshot after the world was stepped or loaded', () => {
    const made = game({ checksum: 'snapshot' });
    const first = made.save().slice();
    made.step(new Int32Array(1), 0, 1);
    const second = made.save().slice();
    made.load(first);
    expect(made.checksum()).toBe(hashSnapshot(made.state.world.takeSnapshot()));
    expect(made.checksum()).not.toBe(hashSnapshot(second));
  });
});

describe('hashSnapshot', () => {
  it('hashes four bytes at a time and the last one to three alone', () => {
    const bytes = Uint8Array.from({ length: 11 }, (_, i) => (i * 37 + 5) & 255);
    const words = new Int32Array(bytes.buffer, 0, 2);
    expect(hashSnapshot(bytes)).toBe(hashNumbers(bytes.subarray(8), hashNumbers(words, 11)));
    const even = bytes.subarray(0, 8);
    expect(hashSnapshot(even)).toBe(hashNumbers([], hashNumbers(words, 8)));
    // Aligned past the start of its buffer: still four bytes at a time.
    const later = bytes.subarray(4, 11);
    const word = new Int32Array(bytes.buffer, 4, 1);
    expect(hashSnapshot(later)).toBe(hashNumbers(bytes.subarray(8), hashNumbers(word, 7)));
  });

  it('hashes unaligned bytes one by one, and tells every byte apart', () => {
    const buffer = new Uint8Array(13).map((_, i) => i + 1);
    const odd = buffer.subarray(1, 10);
    expect(hashSnapshot(odd)).toBe(hashNumbers(odd, 9));
    const copy = odd.slice();
    expect(hashSnapshot(copy)).not.toBe(hashSnapshot(odd));
    for (let i = 0; i < copy.length; i++) {
      const changed = copy.slice();
      changed[i]! ^= 1;
      expect(hashSnapshot(changed)).not.toBe(hashSnapshot(copy));
    }
  });
});
