/**
 * Test support (not shipped): the package's recorded fast-check seed (src/test-support.ts),
 * under the path some host tests import it from.
 */
export { SEED } from '../test-support.js';
