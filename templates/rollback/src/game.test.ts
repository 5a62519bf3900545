import RAPIER from '@dimforge/rapier3d-deterministic-compat';
import { Conditioner, createLinkPair } from '@loop/net';
import { RollbackSession, SyncTestSession } from '@loop/net/rollback';
import { beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, FALL_Y, fallsOf, INPUT_WORDS, PUSH, pushOff, STICK, spawnOf } from './game';

beforeAll(() => RAPIER.init());

/** Steps the game `ticks` times with every player holding (x, z). */
function hold(
  game: ReturnType<typeof pushOff>,
  players: number,
  x: number,
  z: number,
  ticks: number,
) {
  const inputs = new Int32Array(players * INPUT_WORDS);
  for (let p = 0; p < players; p++) {
    inputs[p * INPUT_WORDS] = x;
    inputs[p * INPUT_WORDS + 1] = z;
  }
  for (let t = 0; t < ticks; t++) {
    game.step(inputs, t, (1 << players) - 1);
    game.capture();
  }
}

const pose = (game: ReturnType<typeof pushOff>, body: number, field: number) =>
  game.poses[body * 7 + field] ?? Number.NaN;

describe('the push-off rules', () => {
  it('refuses a player count it cannot seat, naming it', () => {
    for (const players of [1, 5, 2.5, Number.NaN]) {
      expect(() => pushOff({ players })).toThrow(
        new RangeError(`players must be an integer from 2 to 4, got ${players}`),
      );
    }
  });

  it('starts every ball in its own corner, at rest on the platform', () => {
    const game = pushOff({ players: 4 });
    game.capture();
    const spot = { x: 0, y: 0, z: 0 };
    for (let p = 0; p < 4; p++) {
      spawnOf(p, spot);
      expect([pose(game, bodyOf.ball(p), 0), pose(game, bodyOf.ball(p), 2)]).toEqual([
        spot.x,
        spot.z,
      ]);
      expect(fallsOf(game, 4, p)).toBe(0);
    }
    expect(new Set([0, 1, 2, 3].map((p) => `${spawnOf(p, spot).x},${spot.z}`)).size).toBe(4);
  });

  it('makes a ball and a count for each player, the counts parked far below everything', () => {
    for (const players of [2, 3, 4]) {
      const game = pushOff({ players });
      game.capture();
      expect(game.state.bodies).toHaveLength(1 + 2 * players);
      for (let p = 0; p < players; p++) {
        const count = bodyOf.score(players, p);
        expect([pose(game, count, 0), pose(game, count, 2)]).toEqual([0, p]);
        expect(pose(game, count, 1)).toBeLessThan(FALL_Y - 50);
      }
    }
  });

  it('pushes STICK × PUSH newton-seconds a tick at full stick, on each player’s own axes', () => {
    const game = pushOff({ players: 2 });
    game.step(new Int32Array([STICK, 0, 0, -STICK]), 0, 3); // red +x, green -z
    const momentum = (p: number) => {
      const ball = game.state.bodies[bodyOf.ball(p)]!;
      const v = ball.linvel();
      return [v.x, v.z].map((speed) => speed * ball.mass());
    };
    const full = STICK * PUSH;
    // Less a little: the platform's friction and the damping take some within the tick.
    const [redX, redZ] = momentum(0) as [number, number];
    const [greenX, greenZ] = momentum(1) as [number, number];
    expect(redX).toBeGreaterThan(0.75 * full);
    expect(redX).toBeLessThanOrEqual(full);
    expect(-greenZ).toBeGreaterThan(0.75 * full);
    expect(-greenZ).toBeLessThanOrEqual(full);
    expect(Math.abs(redZ) + Math.abs(greenX)).toBeLessThan(1e-6);
  });

  it('wakes a ball that came to rest when its stick pushes it', () => {
    const game = pushOff({ players: 2 });
    hold(game, 2, 0, 0, 600); // ten seconds still: Rapier puts both to sleep
    const red = game.state.bodies[bodyOf.ball(0)]!;
    expect(red.isSleeping()).toBe(true);
    hold(game, 2, STICK, 0, 10);
    expect(red.isSleeping()).toBe(false);
    expect(pose(game, bodyOf.ball(0), 0)).toBeGreaterThan(-2.45);
  });

  it('respawns a ball below FALL_Y, not one at it', () => {
    const game = pushOff({ players: 2 });
    game.state.world.gravity = { x: 0, y: 0, z: 0 }; // nothing moves the balls but the test
    game.state.bodies[bodyOf.ball(0)]!.setTranslation({ x: 6, y: FALL_Y, z: 0 }, true);
    game.state.bodies[bodyOf.ball(1)]!.setTranslation({ x: 6, y: FALL_Y - 0.01, z: 2 }, true);
    game.step(new Int32Array(4), 0, 3);
    game.capture();
    expect([fallsOf(game, 2, 0), fallsOf(game, 2, 1)]).toEqual([0, 1]);
    expect(pose(game, bodyOf.ball(0), 1)).toBe(FALL_Y);
    expect(pose(game, bodyOf.ball(1), 0)).toBeCloseTo(2.5, 6);
  });

  it('moves a ball the way its stick points, and no other', () => {
    const game = pushOff({ players: 2 });
    const inputs = new Int32Array([STICK, 0, 0, 0]); // player 0 pushes +x, player 1 idles
    for (let t = 0; t < 20; t++) game.step(inputs, t, 3);
    game.capture();
    expect(pose(game, bodyOf.ball(0), 0)).toBeGreaterThan(-2.4);
    expect(pose(game, bodyOf.ball(1), 0)).toBeCloseTo(2.5, 3);
  });

  it('clamps a stick beyond the range: a peer cannot push harder than STICK', () => {
    const fair = pushOff({ players: 2 });
    const cheat = pushOff({ players: 2 });
    for (let t = 0; t < 30; t++) {
      fair.step(new Int32Array([STICK, -STICK, 0, 0]), t, 3);
      cheat.step(new Int32Array([1 << 30, -(1 << 30), 0, 0]), t, 3);
    }
    fair.capture();
    cheat.capture();
    expect(cheat.checksum()).toBe(fair.checksum());
  });

  it('ignores the input of a player who left (present bit clear)', () => {
    const game = pushOff({ players: 2 });
    for (let t = 0; t < 20; t++) game.step(new Int32Array([STICK, 0, STICK, 0]), t, 0b10);
    game.capture();
    expect(pose(game, bodyOf.ball(0), 0)).toBeCloseTo(-2.5, 3);
    expect(pose(game, bodyOf.ball(1), 0)).toBeGreaterThan(2.6);
  });

  it('respawns a ball that falls off at its corner, at rest, and counts the fall', () => {
    const game = pushOff({ players: 2 });
    let fell = -1;
    const inputs = new Int32Array([-STICK, 0, 0, 0]); // player 0 runs off the -x edge
    for (let t = 0; t < 600 && fell < 0; t++) {
      game.step(inputs, t, 3);
      game.capture();
      if (fallsOf(game, 2, 0) === 1) fell = t;
    }
    expect(fell).toBeGreaterThan(0);
    // Respawned in the tick's act, then stepped once: at its corner, only gravity's dt on it.
    expect(pose(game, bodyOf.ball(0), 0)).toBeCloseTo(-2.5, 6);
    expect(pose(game, bodyOf.ball(0), 1)).toBeCloseTo(1, 3);
    expect(Math.abs(game.state.bodies[bodyOf.ball(0)]?.linvel().x ?? 1)).toBeLessThan(1e-6);
    expect(fallsOf(game, 2, 1)).toBe(0);
    // The count's body stays parked far below, its x the count.
    const count = bodyOf.score(2, 0);
    expect([pose(game, count, 0), pose(game, count, 2)]).toEqual([1, 0]);
    expect(pose(game, count, 1)).toBeLessThan(FALL_Y - 50);
    expect(FALL_Y).toBeLessThan(0);
  });

  it('keeps the count through a save and load (it lives in the world)', () => {
    const game = pushOff({ players: 2 });
    const before = game.save().slice();
    hold(game, 2, -STICK, 0, 400); // both run off the -x edge, again and again
    game.capture();
    const falls = fallsOf(game, 2, 0);
    expect(falls).toBeGreaterThan(0);
    const after = game.save().slice();
    game.load(before);
    game.capture();
    expect(fallsOf(game, 2, 0)).toBe(0);
    game.load(after);
    game.capture();
    expect(fallsOf(game, 2, 0)).toBe(falls);
  });
});

describe('determinism', () => {
  it('passes a sync test: every tick stepped again gives the same state', () => {
    const test = new SyncTestSession({
      game: pushOff({ players: 3 }),
      players: 3,
      checkDistance: 4,
    });
    for (let t = 0; t < 150; t++) {
      for (let p = 0; p < 3; p++) {
        test.inputs[p * INPUT_WORDS] = (((t >> 3) + p) % 9) - STICK;
        test.inputs[p * INPUT_WORDS + 1] = STICK - (((t >> 4) + 2 * p) % 9);
      }
      expect(test.update()).toBeNull();
    }
  });

  it('plays two sessions over a lossy, jittery link to equal checksums, rolling back on the way', () => {
    let now = 0;
    const clock = () => now;
    const path = { latency: 80, jitter: 40, loss: 0.2, reorder: 0.2 };
    const [a, b] = createLinkPair();
    const ends = [
      new Conditioner(a, { up: path, seed: 7, now: clock }),
      new Conditioner(b, { up: path, seed: 8, now: clock }),
    ];
    const sessions = [0, 1].map(
      (local) =>
        new RollbackSession({
          game: pushOff({ players: 2 }),
          players: 2,
          local,
          links: local === 0 ? [null, ends[0]!] : [ends[1]!, null],
          now: clock,
        }),
    );
    const ticks = 360;
    while (Math.min(...sessions.map((s) => s.confirmed)) < ticks) {
      now += 1000 / 60;
      for (const end of ends) end.pump(now);
      for (const [p, session] of sessions.entries()) {
        const stick = session.frame < ticks - 60 ? ((session.frame >> 3) + 3 * p) % 9 : STICK;
        session.input[0] = stick - STICK;
        session.input[1] = STICK - stick;
        session.update();
      }
    }
    expect(sessions[0]!.counts.rollbacks).toBeGreaterThan(0);
    expect(sessions[1]!.counts.rollbacks).toBeGreaterThan(0);
    for (let tick = ticks - 30; tick < ticks; tick++) {
      expect(sessions[0]!.checksum(tick)).toBe(sessions[1]!.checksum(tick));
    }
    expect(sessions[0]!.desync).toBeNull();
    expect(sessions[1]!.desync).toBeNull();
  });
});
