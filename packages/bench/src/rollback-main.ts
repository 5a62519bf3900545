/**
 * `pnpm --filter @loop/bench bench:rollback`: the cost of rolling back 8 ticks of a Rapier world
 * on the deterministic build with 100 and 1 000 bodies, beside a plain step, and whether the
 * rollback fits a 60 Hz frame here (see rollback.ts). Prints; never fails on speed (exit 1 only
 * if a rollback does not land on the same poses every round).
 */
import { FRAME_MS, loadDeterministicRapier, measureRollback, ROLLBACK_TICKS } from './rollback.js';
import { fixed, table } from './table.js';

const print = (text: string) => process.stdout.write(`${text}\n`);

await loadDeterministicRapier();
print(
  `@loop/rapier rollback bench — node ${process.version}, ${process.arch}; @dimforge/rapier3d-deterministic-compat`,
);
const rows = [measureRollback(100, 40), measureRollback(1000, 10)];
print(
  table(
    `Rolling back ${ROLLBACK_TICKS} ticks from a keyframe taken mid-collision (ms, medians)`,
    [
      'bodies',
      'plain step',
      'restore',
      `${ROLLBACK_TICKS} steps + poses`,
      'rollback',
      `+ ${ROLLBACK_TICKS} saves`,
      'as a session',
      'snapshot kB',
      'rounds',
    ],
    rows.map((r) => [
      String(r.bodies),
      fixed(r.step, 3),
      fixed(r.restore, 3),
      fixed(r.steps, 3),
      fixed(r.rollback, 3),
      fixed(r.saves, 3),
      fixed(r.session, 3),
      fixed(r.snapshotBytes / 1024, 1),
      String(r.rounds),
    ]),
  ),
);
for (const r of rows) {
  const fits = r.session < FRAME_MS ? 'fits' : 'does not fit';
  print(
    `${r.bodies} bodies: a rollback of ${ROLLBACK_TICKS} ticks with the session's saves takes ${fixed(r.session, 2)} ms: ${fits} a ${fixed(FRAME_MS, 1)} ms frame (${fixed((100 * r.session) / FRAME_MS, 0)} % of it), here.`,
  );
}
print(
  'rollback = restore (World.restoreSnapshot, bodies found again) + 8 × (world.step() + every pose read);\n' +
    'as a session = that + 8 × world.takeSnapshot() (a RollbackSession saves each tick it steps again).',
);
