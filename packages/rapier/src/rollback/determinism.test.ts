import { describe, expect, it } from 'vitest';
import { DETERMINISM_GOLDEN, playDeterminismMatch } from '../test-support/determinism.js';

/**
 * Rapier's deterministic build under RapierRollback in Node: the scripted match of
 * test-support/determinism.ts ends with the pinned figures, which the Chromium and the Firefox
 * tests hold too, so peers on these engines confirm the same checksums.
 */
describe('the deterministic build, the same figures in every engine', () => {
  it('a scripted match with a rollback ends with the pinned snapshot hash and checksums', async () => {
    expect(await playDeterminismMatch()).toEqual(DETERMINISM_GOLDEN);
  });
});
