import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SYNC_TEST_DEFAULT as DEVELOPMENT_DEFAULT } from './defaults.development.js';
import { SYNC_TEST_DEFAULT } from './defaults.js';

/** This package's folder: Node resolves `@loop/net` from here to the package's own exports. */
const ROOT = join(import.meta.dirname, '../..');

/**
 * Runs a two-peer match in a child Node with the given export conditions, importing the built
 * package by name as a game would, and returns what it printed: which file `@loop/net/rollback`
 * resolved to, the sync-test checks each session ran with `syncTest` left out, and the desync
 * each found. The step is deliberately non-deterministic: at tick 30 it adds `Math.random()` to
 * player 0's y (part `pos`, index 1), so the peers' states differ from there on.
 */
function match(conditions: readonly string[]): Record<string, unknown> {
  const script = `const { RollbackSession } = await import('@loop/net/rollback');
const { createLinkPair } = await import('@loop/net');
const out = { url: import.meta.resolve('@loop/net/rollback') };
function game() {
  const pos = new Float64Array(4);
  return {
    inputWords: 1,
    parts: [{ name: 'pos', array: pos, stride: 2, item: 'player' }],
    step(inputs, tick) {
      pos[0] += inputs[0];
      pos[2] += inputs[1];
      if (tick === 30) pos[1] += Math.random();
    },
  };
}
const [a, b] = createLinkPair();
let now = 0;
const sessions = [0, 1].map((local) => new RollbackSession({
  game: game(), players: 2, local, links: local === 0 ? [null, a] : [b, null],
  now: () => now, onDesync() {},
}));
for (let i = 0; i < 120; i++) {
  now += 1000 / 60;
  for (const s of sessions) { s.input[0] = (i >> 3) % 2; s.update(now); }
}
out.checked = sessions.map((s) => s.counts.checked);
out.desyncs = sessions.map((s) => s.desync && (({ kind, tick, part, index }) => ({ kind, tick, part, index }))(s.desync));
console.log(JSON.stringify(out));`;
  const flags = conditions.map((c) => `--conditions=${c}`);
  const child = spawnSync(process.execPath, [...flags, '--input-type=module', '-e', script], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(`node exited ${child.status}: ${child.stderr}`);
  return JSON.parse(child.stdout);
}

describe('the sync test: on in the development build, off in the others (export conditions)', () => {
  it('is off in the source and the plain build, on in the development one', () => {
    expect(SYNC_TEST_DEFAULT).toBe(false);
    expect(DEVELOPMENT_DEFAULT).toBe(true);
  });

  it('under the development condition (Vite dev, Vitest), names the tick and the index of a Math.random()', () => {
    const dev = match(['development']);
    expect(dev.url).toMatch(/\/dist\/development\/rollback\/index\.js$/);
    expect((dev.checked as number[])[0]).toBeGreaterThan(60);
    // Each peer steps tick 30 again, draws another random number and says so at once.
    expect(dev.desyncs).toEqual([
      { kind: 'sync-test', tick: 30, part: 'pos', index: 1 },
      { kind: 'sync-test', tick: 30, part: 'pos', index: 1 },
    ]);
  });

  it('with no condition (Node) and under production, runs no check: the peers find it later', () => {
    for (const conditions of [[], ['production']]) {
      const plain = match(conditions);
      expect(plain.url).toMatch(/\/dist\/rollback\/index\.js$/);
      expect(plain.checked).toEqual([0, 0]);
      // Only their confirmed checksums differ: the state after tick 30, with the part, no index.
      expect(plain.desyncs).toEqual([
        { kind: 'peer', tick: 31, part: 'pos', index: -1 },
        { kind: 'peer', tick: 31, part: 'pos', index: -1 },
      ]);
    }
  });
});
