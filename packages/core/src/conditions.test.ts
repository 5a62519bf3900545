import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** This package's folder: Node resolves `@loop/core` from here to the package's own exports. */
const ROOT = join(import.meta.dirname, '..');

/**
 * Runs `code` as an ES module in a child Node with the given export conditions, importing the
 * built package by name as a consumer would, and returns what it printed as JSON.
 */
function consumer(conditions: readonly string[], code: string): unknown {
  const script = `const core = await import('@loop/core');
const out = { url: import.meta.resolve('@loop/core') };
${code}
console.log(JSON.stringify(out));`;
  const flags = conditions.map((c) => `--conditions=${c}`);
  const child = spawnSync(process.execPath, [...flags, '--input-type=module', '-e', script], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(`node exited ${child.status}: ${child.stderr}`);
  return JSON.parse(child.stdout);
}

/** Tries `createBasicLoop` and `createLoop` with bad options; plays one second at 60 Hz. */
const TRY = `
for (const [name, make] of [
  ['basic', () => core.createBasicLoop({ update() {}, render() {}, timestep: -1 })],
  ['loop', () => core.createLoop({ maxFps: '30' })],
  ['unknown', () => core.createLoop({ timeStep: 10 })],
]) {
  try { make(); out[name] = 'no error'; } catch (e) { out[name] = e.constructor.name + ': ' + e.message; }
}
let updates = 0;
const loop = core.createLoop({ scheduler: 'manual', update() { updates++; } }).start();
for (let f = 0; f <= 60; f++) loop.frame((f * 1000) / 60);
out.updates = updates;
out.exports = Object.keys(core).sort();`;

describe('the development and production builds (export conditions)', () => {
  const plain = consumer([], TRY) as Record<string, unknown>;

  it('checks every option when no condition is asked for (Node, tests, plain tools)', () => {
    expect(plain.url).toMatch(/\/dist\/index\.js$/);
    expect(plain.basic).toBe(
      'RangeError: loop option timestep must be a finite number >= 0.1 (ms), got -1',
    );
    expect(plain.loop).toBe(
      'RangeError: loop option maxFps must be a number > 0 (Infinity for no cap), got "30"',
    );
    expect(plain.unknown).toBe(
      'RangeError: createLoop has no option timeStep (it would be ignored): did you mean timestep?',
    );
    expect(plain.updates).toBe(60);
  });

  it('checks them under the development condition (Vite and webpack in development)', () => {
    expect(consumer(['development'], TRY)).toEqual(plain);
  });

  it('serves the replay, dom and worker entries from the same build under each condition', () => {
    const ENTRIES = `for (const entry of ['replay', 'dom', 'worker']) {
  out[entry] = import.meta.resolve('@loop/core/' + entry);
  out[entry + 'Exports'] = Object.keys(await import('@loop/core/' + entry)).sort();
}`;
    const dev = consumer([], ENTRIES) as Record<string, unknown>;
    const production = consumer(['production'], ENTRIES) as Record<string, unknown>;
    expect(dev.replay).toMatch(/\/dist\/replay\/index\.js$/);
    expect(dev.dom).toMatch(/\/dist\/dom\/index\.js$/);
    expect(production.replay).toMatch(/\/dist\/production\/replay\/index\.js$/);
    expect(production.dom).toMatch(/\/dist\/production\/dom\/index\.js$/);
    expect(dev.replayExports).toEqual([
      'InstantReplay',
      'Playback',
      'Recorder',
      'Recording',
      'RecordingError',
      'hashNumbers',
      'replayAll',
    ]);
    expect(dev.domExports).toContain('createInput');
    expect(dev.domExports).not.toContain('Input');
    expect(production.replayExports).toEqual(dev.replayExports);
    expect(production.domExports).toEqual(dev.domExports);
    expect(dev.worker).toMatch(/\/dist\/worker\/index\.js$/);
    expect(production.worker).toMatch(/\/dist\/production\/worker\/index\.js$/);
    expect(dev.workerExports).toEqual(['WorkerHealth', 'createWorkerLoop', 'serveSimulation']);
    expect(production.workerExports).toEqual(dev.workerExports);
  });

  it('keeps record and replay and the browser helpers out of the root entry', () => {
    for (const name of [
      'Recorder',
      'Playback',
      'createInput',
      'stylePage',
      'rafScheduler',
      'Pacer',
      'createWorkerLoop',
      'serveSimulation',
    ]) {
      expect(plain.exports).not.toContain(name);
    }
    expect(plain.exports).toContain('Clock');
  });

  it('checks nothing under the production condition, and plays the same', () => {
    const production = consumer(['production'], TRY) as Record<string, unknown>;
    expect(production.url).toMatch(/\/dist\/production\/index\.js$/);
    expect([production.basic, production.loop, production.unknown]).toEqual([
      'no error',
      'no error',
      'no error',
    ]);
    expect(production.updates).toBe(60);
    expect(production.exports).toEqual(plain.exports);
  });
});
