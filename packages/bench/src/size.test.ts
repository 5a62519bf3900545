import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

/**
 * Bundles `entry` (a file, or the code of an entry module resolved from this package) the way
 * a game's build would: esbuild, minified, ES module, with the given export conditions; returns
 * the output and its size with gzip -9.
 */
async function bundle(
  entry: { file: string } | { code: string },
  conditions: string[],
): Promise<{ text: string; gzip: number }> {
  const result = await build({
    ...('file' in entry
      ? { entryPoints: [entry.file] }
      : {
          stdin: { contents: entry.code, resolveDir: import.meta.dirname, loader: 'js' as const },
        }),
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
    conditions,
    logLevel: 'silent',
  });
  const text = result.outputFiles[0]!.text;
  return { text, gzip: gzipSync(text, { level: 9 }).length };
}

const BASIC = { code: "export { createBasicLoop } from '@loop/core';" };
// MainLoop.js as a user gets it: `import MainLoop from 'mainloop.js'` resolves the package's
// main, a pre-minified UMD build, which esbuild wraps as CommonJS.
const MAINLOOP_INSTALLED = { code: "import MainLoop from 'mainloop.js'; export default MainLoop;" };
/**
 * MainLoop.js's source as an ES module, its smallest form, printed for reference: the source
 * file with its UMD wrapper (an IIFE over `this`, then AMD and CommonJS exports) replaced by a
 * plain object and `export default`.
 */
function mainLoopAsEsm(): { code: string } {
  const source = readFileSync(
    fileURLToPath(import.meta.resolve('mainloop.js/src/mainloop.js')),
    'utf8',
  );
  const body = source.slice(0, source.lastIndexOf('// AMD support'));
  const code = body.replace('(function(root) {', 'const root = {};');
  if (code === body) throw new Error('mainloop.js changed: its UMD wrapper was not found');
  return { code: `${code}\nexport default root.MainLoop;\n` };
}

describe('bundle size beside MainLoop.js (esbuild --minify, gzip -9)', () => {
  it('the production build of createBasicLoop is smaller than MainLoop.js as installed', async () => {
    const ours = await bundle(BASIC, ['production']);
    const installed = await bundle(MAINLOOP_INSTALLED, ['production']);
    const source = await bundle(mainLoopAsEsm(), ['production']);
    console.log(
      `[size] createBasicLoop ${ours.gzip} B; MainLoop.js as installed (its UMD build) ${installed.gzip} B, its source as ESM ${source.gzip} B`,
    );
    // The UMD build is what a game that imports MainLoop.js ships: the honest comparison.
    expect(installed.text).toContain('MainLoop');
    expect(source.text).toContain('setSimulationTimestep');
    expect(source.gzip).toBeLessThan(installed.gzip);
    expect(ours.gzip).toBeLessThan(installed.gzip);
  });

  it('keeps the option checks in development and when no condition is set, not in production', async () => {
    const development = await bundle(BASIC, ['development']);
    const plain = await bundle(BASIC, []);
    const production = await bundle(BASIC, ['production']);
    for (const checked of [development, plain]) {
      expect(checked.text).toContain('loop option ');
      expect(checked.text).toContain('must be');
    }
    expect(production.text).not.toContain('loop option ');
    expect(production.text).not.toContain('must be');
    expect(plain.gzip - production.gzip).toBeGreaterThan(150);
  });
});
