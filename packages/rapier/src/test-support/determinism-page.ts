import { playDeterminismMatch } from './determinism.js';

/**
 * The page of determinism.firefox.test.ts: plays the scripted match of determinism.ts as soon
 * as it loads, and leaves the promise of its figures on `window.determinism` for the test to
 * await. Nothing drawn: Rapier's deterministic build is WebAssembly, so headless Firefox runs it.
 */
(window as unknown as { determinism: Promise<unknown> }).determinism = playDeterminismMatch();
