import RAPIER from '@dimforge/rapier3d-deterministic-compat';
import { Conditioner, createLinkPair, type Link } from '@loop/net';
import { DesyncError, RollbackSession, SyncTestSession } from '@loop/net/rollback';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { check } from '../test-support/seed.js';
import { WorldState } from '../world-state.js';
import type { ChecksumSource } from './options.js';
import { RapierRollback } from './rapier-rollback.js';

/**
 * A Rapier push-off game (players shove balls on a platform among a stack of crates; whoever
 * falls off comes back at the middle) under `@loop/net/rollback`, on Rapier's deterministic
 * build: a sync test that goes back and steps again after every tick passes for hundreds of
 * ticks; a step with `Math.random()` in it is caught at the tick it happens with the part and
 * the body named; and a peer-to-peer match of 2 to 4 peers over conditioned memory links
 * (latency, jitter, loss, reordering) ends with every peer's checksum equal at every confirmed
 * tick. Seeds from ../test-support/seed.ts.
 */
type W = InstanceType<typeof RAPIER.World>;
const PLATFORM = 4;
const CRATES = 4;

beforeAll(async () => {
  await RAPIER.init();
});

/** Body 0 the platform, 1..players the balls (at the corners), then the crates (a stack). */
function pushOffWorld(players: number): WorldState<W> {
  const world = new RAPIER.World({ x: 0, y: -9.81, z: 0 });
  const state = new WorldState(RAPIER.World, world);
  const platform = world.createRigidBody(RAPIER.RigidBodyDesc.fixed());
  world.createCollider(RAPIER.ColliderDesc.cuboid(PLATFORM, 0.5, PLATFORM), platform);
  state.add(platform);
  for (let p = 0; p < players; p++) {
    const x = p & 1 ? 3 : -3;
    const z = p & 2 ? 3 : -3;
    const ball = world.createRigidBody(RAPIER.RigidBodyDesc.dynamic().setTranslation(x, 1, z));
    world.createCollider(RAPIER.ColliderDesc.ball(0.5).setDensity(2), ball);
    state.add(ball);
  }
  for (let c = 0; c < CRATES; c++) {
    const desc = RAPIER.RigidBodyDesc.dynamic().setTranslation(0.1 * c, 0.8 + c * 0.55, 0);
    const crate = world.createRigidBody(desc);
    world.createCollider(RAPIER.ColliderDesc.cuboid(0.25, 0.25, 0.25), crate);
    state.add(crate);
  }
  return state;
}

const push = { x: 0, y: 0, z: 0 };
const spot = { x: 0, y: 0, z: 0 };
const rest = { x: 0, y: 0, z: 0 };

/** The game's step: each present player's stick (2 words, −4..4) shoves its ball; the fallen respawn. */
function shove(players: number, random?: { tick: number; body: number }) {
  return (state: WorldState<W>, inputs: Int32Array, tick: number, present: number) => {
    for (let p = 0; p < players; p++) {
      if (!(present & (1 << p))) continue;
      push.x = inputs[p * 2]! * 0.2;
      push.z = inputs[p * 2 + 1]! * 0.2;
      state.bodies[1 + p]!.applyImpulse(push, true);
    }
    if (random !== undefined && tick === random.tick) {
      // The bug a sync test is for: a draw that differs when the tick is stepped again.
      push.x = Math.random();
      push.z = 0;
      state.bodies[random.body]!.applyImpulse(push, true);
    }
    for (let i = 1; i < state.count; i++) {
      const body = state.bodies[i]!;
      if (body.translation(spot).y > -5) continue;
      spot.x = 0;
      spot.y = 4;
      spot.z = 0;
      body.setTranslation(spot, true);
      body.setLinvel(rest, true);
      body.setAngvel(rest, true);
    }
  };
}

function pushOff(
  players: number,
  checksum: ChecksumSource = 'velocities',
  random?: { tick: number; body: number },
) {
  return new RapierRollback<W>({
    state: pushOffWorld(players),
    inputWords: 2,
    act: shove(players, random),
    checksum,
    build: 'push-off test',
  });
}

/** A player's scripted stick at a tick: integers from −4 to 4, changing every few ticks. */
function stick(out: Int32Array, at: number, seed: number, player: number, tick: number): void {
  const h = Math.imul(seed * 7919 + player * 104_729 + (tick >> 2), 0x9e3779b1) >>> 0;
  out[at] = (h % 9) - 4;
  out[at + 1] = ((h >>> 8) % 9) - 4;
}

describe('RapierRollback under a sync test', () => {
  it.each<ChecksumSource>(['velocities', 'snapshot'])(
    'steps the push-off game again after every tick for 300 ticks and finds no difference (checksum %s)',
    (source) => {
      const game = pushOff(2, source);
      const test = new SyncTestSession({ game, players: 2, checkDistance: 8 });
      for (let t = 0; t < 300; t++) {
        stick(test.inputs, 0, 11, 0, t);
        stick(test.inputs, 2, 11, 1, t);
        expect(test.update()).toBeNull();
      }
      expect(test.frame).toBe(300);
      expect(test.check.resimulated).toBeGreaterThan(2000);
      // The balls moved, and one at least fell and came back.
      expect(game.poses[7]).not.toBe(-3);
      expect(test.desync).toBeNull();
    },
  );

  it('catches Math.random() in the step at its tick, naming the part and the body', () => {
    const game = pushOff(2, 'velocities', { tick: 40, body: 2 });
    const test = new SyncTestSession({ game, players: 2, checkDistance: 4 });
    let thrown: unknown;
    try {
      for (let t = 0; t < 100; t++) test.update();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DesyncError);
    const report = (thrown as DesyncError).report;
    expect(report).toMatchObject({
      kind: 'sync-test',
      tick: 40,
      part: 'poses',
      item: 2,
      itemName: 'body',
    });
    expect(report.index).toBe(2 * 7 + report.field);
    expect((thrown as Error).message).toContain('tick 40');
    expect((thrown as Error).message).toContain('body 2');
    expect(test.frame).toBe(41);
  });
});

/** Peers over memory link pairs, a conditioner at each end; time the test's own. */
function mesh(players: number, seed: number, lossy: boolean) {
  let now = 0;
  const ends: Conditioner[] = [];
  const links: (Link | null)[][] = Array.from({ length: players }, () => Array(players).fill(null));
  // One way past the longest input delay (4 ticks), so late inputs roll the peers back.
  const path = lossy
    ? { latency: 100, jitter: 50, loss: 0.25, reorder: 0.2 }
    : { latency: 100, jitter: 20 };
  for (let i = 0; i < players; i++) {
    for (let j = i + 1; j < players; j++) {
      const [a, b] = createLinkPair();
      const clock = () => now;
      links[i]![j] = new Conditioner(a, { up: path, seed: seed * 64 + i * 8 + j, now: clock });
      links[j]![i] = new Conditioner(b, { up: path, seed: seed * 64 + j * 8 + i, now: clock });
      ends.push(links[i]![j] as Conditioner, links[j]![i] as Conditioner);
    }
  }
  const sessions = links.map(
    (row, local) =>
      new RollbackSession({
        game: pushOff(players),
        players,
        local,
        links: row,
        now: () => now,
        record: true,
      }),
  );
  const run = (ms: number, inputsUntil: number) => {
    for (const end = now + ms; now < end; ) {
      now += 1000 / 60;
      for (let pass = 0; pass < 2; pass++) for (const c of ends) c.pump(now);
      for (let p = 0; p < players; p++) {
        const s = sessions[p]!;
        if (s.frame < inputsUntil) stick(s.input, 0, seed, p, s.frame);
        else s.input.fill(0);
        s.update(now);
      }
    }
  };
  return { sessions, run };
}

describe('RapierRollback under a RollbackSession', () => {
  it('2 to 4 peers over conditioned links agree on every confirmed tick', () => {
    check(
      fc.property(
        fc.integer({ min: 2, max: 4 }),
        fc.nat(1000),
        fc.boolean(),
        (players, seed, lossy) => {
          const { sessions, run } = mesh(players, seed, lossy);
          run(3000, 150);
          run(1500, 0);
          const recordings = sessions.map((s) => s.recording()!);
          const confirmed = Math.min(...sessions.map((s) => s.confirmed));
          expect(confirmed).toBeGreaterThan(160);
          for (const s of sessions) {
            expect(s.state).toBe('running');
            expect(s.desync).toBeNull();
          }
          for (const s of sessions) expect(s.counts.rollbacks).toBeGreaterThan(10);
          const first = recordings[0]!;
          for (const r of recordings.slice(1)) {
            const ticks = Math.min(first.length, r.length);
            expect(ticks).toBeGreaterThan(160);
            expect(Array.from(r.hashes.subarray(0, ticks))).toEqual(
              Array.from(first.hashes.subarray(0, ticks)),
            );
          }
          // The checksums say something: the states they hash moved.
          expect(new Set(first.hashes.subarray(0, 160)).size).toBeGreaterThan(100);
        },
      ),
      3,
    );
  });
});
