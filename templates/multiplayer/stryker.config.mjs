// @ts-check
/**
 * Mutation testing of this template (`pnpm mutate`), set up as every template's is: see
 * ../../scripts/stryker-template.mjs. Kept out of a scaffolded project by create-loop.
 */
import { templateStrykerConfig } from '../../scripts/stryker-template.mjs';

// Rules of ../../scripts/mutation-rules.mjs: 'banner', Colyseus's greeting on the console (it
// applies once the // Stryker disable comment on server.ts's greet line is gone: a comment
// wins); 'look', the arena's colours in page/draw.ts (seat colours, crates, the background),
// judged by eye. Where draw.ts puts each disc, ring and ghost is mutated: draw.test.ts reads its
// calls from a recording context in Node.
const template = templateStrykerConfig(import.meta.resolve('@stryker-mutator/vitest-runner'), {
  rules: ['banner', 'look'],
});

export default {
  ...template,
  // Only the node tests that assert behaviour: mutation/vitest.config.ts says which are left
  // out and why (the real-Chromium test, the measuring ones, the process-spawning ones).
  vitest: { configFile: 'mutation/vitest.config.ts' },
  mutate: [
    ...template.mutate,
    // Test support: what the tests drive the code with, not code under test.
    '!src/test-support/**',
    '!src/e2e/**',
    // Measuring: real-time bots (runLoad) and a byte count printed beside Colyseus's schema
    // patches (wire-size.test.ts). Their figures are read, not asserted; the report's arithmetic is
    // @loop/net/bench's, mutated there.
    '!src/bench/load.ts',
  ],
  // A mutant that stalls a room's loop or a handshake waits out the tests' own timeouts; the
  // servers' tests take a few seconds each on a loaded 2-core machine.
  timeoutMS: 30_000,
  // The first run, every test with per-test coverage over instrumented code, takes more than
  // Stryker's default 5 minutes on a loaded 2-core machine (the servers' tests step rooms for
  // tens of thousands of ticks).
  dryRunTimeoutMinutes: 30,
};
