import { Recording, RecordingError } from '@loop/core/replay';
import { describe, expect, it } from 'vitest';
import { replayMatch } from './recording.js';
import { createDotsGame, createOpaqueDots } from './test-game.js';
import { Mesh } from './test-mesh.js';

const path = { latency: 80, jitter: 40, loss: 0.25, reorder: 0.2 };

/** Replays `recording` on a fresh game and returns the checksum after each tick. */
function replayed(recording: Recording, players: number, opaque = false): number[] {
  const sums: number[] = [];
  const game = opaque ? createOpaqueDots(players) : createDotsGame(players);
  const ticks = replayMatch(game, recording, { players, onTick: (_tick, sum) => sums.push(sum) });
  expect(ticks).toBe(recording.length);
  return sums;
}

describe('a match recording', () => {
  it('replays bit for bit: the replay’s checksum equals the match’s at every confirmed tick, on every peer', () => {
    const mesh = new Mesh({ players: 3, seed: 21, path });
    mesh.run(4000);
    mesh.inputsUntil = Math.max(...mesh.sessions.map((s) => s.frame));
    mesh.run(1500);
    for (const s of mesh.sessions) {
      const recording = s.recording()!;
      expect(recording.length).toBe(s.confirmed);
      expect(recording.build).toBe('dots-test');
      expect(replayed(recording, 3)).toEqual(Array.from(recording.hashes));
      // The checksums the peers exchanged are the recording's.
      expect(s.checksum(s.confirmed - 5)).toBe(recording.hashes[s.confirmed - 6]);
    }
  });

  it('survives a file: toBytes, then fromBytes for the same build only', () => {
    const mesh = new Mesh({ players: 2, seed: 22, path });
    mesh.run(3000);
    const bytes = mesh.sessions[0]!.recording()!.toBytes();
    const back = Recording.fromBytes(bytes, 'dots-test');
    expect(replayed(back, 2)).toEqual(Array.from(back.hashes));
    expect(() => Recording.fromBytes(bytes, 'dots-2')).toThrow(RecordingError);
  });

  it('names the first tick a changed input makes differ', () => {
    const mesh = new Mesh({ players: 2, seed: 23 });
    mesh.run(3000);
    const r = mesh.sessions[1]!.recording()!;
    const data = r.data.slice();
    data[r.offsets[100]! + 3] = data[r.offsets[100]! + 3]! + 1; // player 0's dx at tick 100
    const changed = new Recording({ ...r, data });
    expect(() => replayMatch(createDotsGame(2), changed, { players: 2 })).toThrow(
      'replay diverged at tick 100',
    );
  });

  it('replays an opaque game’s match and a rejoined peer’s part of it', () => {
    const mesh = new Mesh({ players: 3, seed: 24, path, game: () => createOpaqueDots(3) });
    mesh.run(1500);
    mesh.stalledUntil[1] = mesh.now + 3000;
    mesh.run(3000);
    mesh.rejoin(1);
    mesh.run(3000);
    for (const s of mesh.sessions) {
      const recording = s.recording()!;
      expect(recording.length).toBeGreaterThan(100);
      expect(replayed(recording, 3, true)).toEqual(Array.from(recording.hashes));
    }
    const rejoined = mesh.sessions[1]!.recording()!;
    expect(rejoined.data[rejoined.offsets[0]! + 1]).toBeGreaterThan(100); // starts at its state's tick
  });

  it('refuses a recording of another game or player count', () => {
    const mesh = new Mesh({ players: 2, seed: 25 });
    mesh.run(1000);
    const r = mesh.sessions[0]!.recording()!;
    expect(() => replayMatch(createDotsGame(3), r, { players: 3 })).toThrow(RangeError);
    expect(() => replayMatch(createDotsGame(2), r, { players: 3 })).toThrow(
      'a row holds 8 numbers, not 11: another player count',
    );
  });
});
