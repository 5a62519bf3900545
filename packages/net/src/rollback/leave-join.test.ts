import type { Recording } from '@loop/core/replay';
import { describe, expect, it } from 'vitest';
import { DOT_WORDS } from './test-game.js';
import { Mesh } from './test-mesh.js';

/** A recording's rows by tick: [present bits, player inputs …]. */
function rows(r: Recording): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (let i = 0; i < r.length; i++) {
    const row = Array.from(r.data.subarray(r.offsets[i]! + 1, r.offsets[i + 1]!));
    out.set(row[0]!, row.slice(1));
  }
  return out;
}

/** The tick of the first event of `kind` for `player` in a peer's events; −1 when none. */
function tickOf(events: string[], kind: string, player: number): number {
  const found = events.find((e) => e.startsWith(`${kind} ${player} `));
  return found === undefined ? -1 : Number(found.split(' ')[2]);
}

describe('RollbackSession: leaving', () => {
  it('drops a silent peer at a tick every peer agrees on; its input is neutral and absent from it on', () => {
    const mesh = new Mesh({ players: 3, seed: 7, path: { latency: 30, jitter: 10, loss: 0.1 } });
    mesh.run(1500);
    mesh.stalledUntil[2] = Number.POSITIVE_INFINITY;
    mesh.run(4000);
    const [a, b] = mesh.sessions;
    const left = tickOf(mesh.events[0]!, 'left', 2);
    expect(left).toBeGreaterThan(60);
    expect(tickOf(mesh.events[1]!, 'left', 2)).toBe(left);
    expect(mesh.events[0]!.slice(0, 2)).toEqual(['gone 2 -1', `left 2 ${left}`]);
    expect(a!.status(2)).toBe('absent');
    expect(b!.status(2)).toBe('absent');
    const rowsA = rows(a!.recording()!);
    const rowsB = rows(b!.recording()!);
    // Bit 2 set up to the leaving tick, clear from it, on both, with player 2's input neutral.
    expect(rowsA.get(left - 1)![0]).toBe(0b111);
    expect(rowsA.get(left)![0]).toBe(0b011);
    for (let t = left; t < left + 60; t++) {
      expect(rowsA.get(t)).toEqual(rowsB.get(t));
      expect(rowsA.get(t)!.slice(1 + 2 * DOT_WORDS)).toEqual([0, 0, 0]);
    }
    // The match goes on without it: two more seconds were played after it left.
    expect(a!.confirmed).toBeGreaterThan(left + 100);
    expect(a!.desync).toBeNull();
  });

  it('never drops a peer that stalls for less than the timeout', () => {
    const mesh = new Mesh({ players: 3, seed: 8, path: { latency: 30 } });
    mesh.run(1000);
    mesh.stalledUntil[1] = mesh.now + 1500;
    mesh.run(3000);
    for (const events of mesh.events) expect(events).toEqual([]);
    for (const s of mesh.sessions) expect(s.state).toBe('running');
  });

  it('a peer only stalled past the timeout learns from the others that it was dropped', () => {
    const mesh = new Mesh({ players: 2, seed: 9 });
    mesh.run(1000);
    mesh.stalledUntil[1] = mesh.now + 2500;
    mesh.run(3000);
    expect(mesh.sessions[1]!.state).toBe('dropped');
    expect(mesh.sessions[0]!.status(1)).toBe('absent');
    const frame = mesh.sessions[1]!.frame;
    mesh.run(500);
    expect(mesh.sessions[1]!.frame).toBe(frame);
  });
});

describe('RollbackSession: rejoining', () => {
  for (const leaver of [0, 2]) {
    it(`player ${leaver} rejoins from a confirmed state and plays on in sync${leaver === 0 ? ' (the host left: the next player answers)' : ''}`, () => {
      const mesh = new Mesh({
        players: 3,
        seed: 10 + leaver,
        path: { latency: 40, jitter: 20, loss: 0.2 },
      });
      mesh.run(1500);
      mesh.stalledUntil[leaver] = mesh.now + 3000;
      mesh.run(3000);
      const joiner = mesh.rejoin(leaver);
      expect(joiner.state).toBe('joining');
      mesh.run(3000);
      mesh.inputsUntil = Math.max(...mesh.sessions.map((s) => s.frame));
      mesh.run(2000);
      expect(joiner.state).toBe('running');
      const others = [0, 1, 2].filter((p) => p !== leaver);
      const joinAt = tickOf(mesh.events[others[0]!]!, 'rejoined', leaver);
      const leftAt = tickOf(mesh.events[others[0]!]!, 'left', leaver);
      expect(joinAt).toBeGreaterThan(leftAt);
      expect(tickOf(mesh.events[others[1]!]!, 'rejoined', leaver)).toBe(joinAt);
      const recording = joiner.recording()!;
      const start = recording.data[recording.offsets[0]! + 1]!;
      expect(start).toBeLessThanOrEqual(joinAt);
      expect(start).toBeGreaterThan(leftAt);
      const mine = rows(recording);
      const theirs = rows(mesh.sessions[others[0]!]!.recording()!);
      const bit = 1 << leaver;
      for (const [tick, row] of mine) {
        if (!theirs.has(tick)) continue;
        expect(row).toEqual(theirs.get(tick));
        expect((row[0]! & bit) !== 0).toBe(tick >= joinAt);
      }
      expect(mine.size).toBeGreaterThan(150);
      const late = Math.min(...mesh.sessions.map((s) => s.confirmed)) - 10;
      for (const s of mesh.sessions) {
        expect(s.desync).toBeNull();
        expect(s.status(leaver)).toBe(s === joiner ? 'local' : 'playing');
        expect(s.checksum(late)).toBe(joiner.checksum(late));
      }
      expect(joiner.checksum(late)).not.toBe(-1);
    });
  }
});
