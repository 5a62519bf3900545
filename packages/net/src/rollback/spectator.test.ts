import { describe, expect, it } from 'vitest';
import { Conditioner } from '../link/conditioner.js';
import { createLinkPair } from '../link/memory-link.js';
import { CountingLink } from '../testing/counting-link.js';
import { MSG_RB_INPUT, MSG_RB_SPECTATOR_ACK } from './packet.js';
import { SpectatorSession } from './spectator.js';
import { createDotsGame } from './test-game.js';
import { Mesh, TIMESTEP } from './test-mesh.js';

const path = { latency: 60, jitter: 30, loss: 0.25, reorder: 0.2 };

/** A 3-player mesh whose player 0 feeds a spectator over a hostile link, updated from `startAt` ms (never when Infinity). */
function watched(startAt: number) {
  const [feedEnd, watchEnd] = createLinkPair();
  const feed = new Conditioner(feedEnd, { up: path, seed: 77, now: () => mesh.now });
  const gate = new Conditioner(watchEnd, { up: path, seed: 78, now: () => mesh.now });
  const counted = new CountingLink(gate);
  const mesh = new Mesh({ players: 3, seed: 12, path, spectators: (p) => (p === 0 ? [feed] : []) });
  const spectator = new SpectatorSession({
    game: createDotsGame(3),
    players: 3,
    link: counted,
    record: true,
  });
  let next = startAt;
  mesh.tickers.push((now) => {
    feed.pump(now);
    if (now < startAt) return;
    gate.pump(now);
    if (now < next) return;
    next += TIMESTEP;
    spectator.update();
  });
  return { mesh, spectator, counted };
}

describe('SpectatorSession', () => {
  it('steps only confirmed ticks, sends no input, and agrees with the players at every tick', () => {
    const { mesh, spectator, counted } = watched(0);
    mesh.run(4000);
    mesh.inputsUntil = Math.max(...mesh.sessions.map((s) => s.frame));
    mesh.run(2000);
    const watchedRecording = spectator.recording()!;
    const played = mesh.sessions[1]!.recording()!;
    expect(watchedRecording.length).toBeGreaterThan(250);
    expect(spectator.frame).toBeLessThanOrEqual(mesh.sessions[0]!.confirmed);
    for (let t = 0; t < watchedRecording.length; t++) {
      expect(watchedRecording.hashes[t]).toBe(played.hashes[t]);
    }
    expect(spectator.simulation.counts.rollbacks).toBe(0);
    expect(counted.sent(MSG_RB_INPUT)).toBe(0);
    expect(counted.out.size).toBe(1);
    expect(counted.sent(MSG_RB_SPECTATOR_ACK)).toBeGreaterThan(300);
    expect(mesh.sessions[0]!.spectator(0)).toBeGreaterThan(250);
  });

  it('a spectator that starts late catches up, two ticks an update', () => {
    const { mesh, spectator } = watched(1500);
    mesh.run(5000);
    expect(spectator.frame).toBeGreaterThan(mesh.sessions[0]!.confirmed - 10);
  });

  it('never stalls the players: one that never answers is dropped, and they play as if it were not there', () => {
    const { mesh } = watched(Number.POSITIVE_INFINITY);
    const alone = new Mesh({ players: 3, seed: 12, path });
    mesh.run(8000);
    alone.run(8000);
    expect(mesh.sessions.map((s) => s.frame)).toEqual(alone.sessions.map((s) => s.frame));
    expect(mesh.sessions.map((s) => s.counts.waited)).toEqual(
      alone.sessions.map((s) => s.counts.waited),
    );
    expect(mesh.sessions[0]!.spectator(0)).toBe(-1);
  });

  it('checks its options and refuses feed packets of another shape', () => {
    const [link, other] = createLinkPair();
    const game = createDotsGame(2);
    expect(() => new SpectatorSession({ game, players: 1, link })).toThrow(
      new RangeError('players must be an integer from 2 to 8, got 1'),
    );
    expect(() => new SpectatorSession({ game, players: 2, link, maxSteps: 0 })).toThrow(
      new RangeError('maxSteps must be an integer from 1 to 16, got 0'),
    );
    const spectator = new SpectatorSession({ game, players: 2, link });
    other.sendBytes(85, new Uint8Array(7));
    other.sendBytes(85, new Uint8Array(8 + 3));
    expect(spectator.counts).toEqual({ packets: 0, malformed: 2 });
    expect(spectator.update()).toBe(0);
  });
});
