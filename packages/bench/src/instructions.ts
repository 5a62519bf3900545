/**
 * `pnpm bench:instructions`: loop overhead as machine instructions per frame, counted by
 * valgrind's callgrind. Unlike nanoseconds, the count does not move with the load of a shared
 * or virtual machine, so a change of a few instructions in the frame path shows. Each contender
 * runs alone in `node --single-threaded` (no background compiler or GC threads to count), warmed
 * up, for two lengths; the difference divided by the extra frames is the cost of one frame, the
 * start-up and warm-up cancelled out. Prints, never fails on the figures; skips when valgrind
 * is not installed (`apt-get install valgrind`).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { CONTENDERS } from './contenders.js';
import { uninstall } from './fake-clock.js';
import { fixed, table } from './table.js';

const WARMUP = 300_000;
const EXTRA = 1_000_000;
const self = fileURLToPath(import.meta.url);

/** Child: runs contender `index` for the warm-up plus `frames` frames, then exits. */
function child(index: number, frames: number): void {
  const make = CONTENDERS[index];
  if (!make) throw new RangeError(`no contender ${index}`);
  const c = make();
  c.warm(WARMUP);
  c.run(frames);
  c.stop();
}

/** Instructions counted by callgrind for one child run. */
function count(index: number, frames: number): number {
  const r = spawnSync(
    'valgrind',
    [
      '--tool=callgrind',
      '--smc-check=all-non-file',
      '--callgrind-out-file=/dev/null',
      process.execPath,
      '--single-threaded',
      self,
      'child',
      String(index),
      String(frames),
    ],
    { encoding: 'utf8' },
  );
  const found = /Collected : (\d+)/.exec(r.stderr);
  if (r.status !== 0 || !found) throw new Error(`callgrind failed: ${r.stderr.slice(-500)}`);
  return Number(found[1]);
}

function hasValgrind(): boolean {
  try {
    execFileSync('valgrind', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

if (process.argv[2] === 'child') {
  child(Number(process.argv[3]), Number(process.argv[4]));
} else if (!hasValgrind()) {
  process.stdout.write('bench:instructions skipped: valgrind is not installed\n');
} else {
  const rows = CONTENDERS.map((make, i) => {
    const c = make();
    c.stop();
    uninstall();
    return { name: c.name, perFrame: (count(i, EXTRA) - count(i, 0)) / EXTRA };
  });
  const floor = rows[0]!.perFrame;
  process.stdout.write(
    `${table(
      `Loop overhead in instructions per frame (callgrind, node ${process.version} --single-threaded, 60 Hz, trivial hooks)`,
      ['loop', 'instructions/frame', '× floor'],
      rows.map((r) => [r.name, fixed(r.perFrame), fixed(r.perFrame / floor, 2)]),
    )}\n` +
      'Deterministic to about ±10 instructions between runs; the floor is a bare rAF loop doing\n' +
      'the same hooks, so the difference is what each loop adds per frame.\n',
  );
}
