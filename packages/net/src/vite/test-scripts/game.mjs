/**
 * A game's one script as runGameScript serves it, from the built package (`pnpm build` first,
 * as `pnpm test` does): what the cluster's processes run as `game.mjs process`. Test support.
 */
import { runGameScript } from '../../../dist/vite/index.js';

await runGameScript(process.argv.slice(2), {
  root: new URL('.', import.meta.url),
  server: '/test-game.ts',
  load: '/test-game.ts',
});
