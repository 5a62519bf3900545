import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { apps, galleryRoot } from '../apps.mjs';

/**
 * What each app of the built site (apps/gallery/dist, `pnpm build`) costs a visitor: every
 * file of its folder (JavaScript, WebAssembly, CSS, HTML) gzipped as a host sends it, summed,
 * under a budget. A dependency that grows, a library bundled twice or a WebAssembly module
 * inlined as base64 again shows here as a number, not as a slow first visit nobody measured.
 * The budgets are the sizes measured when they were set plus about a tenth; raise one on
 * purpose, in the commit that makes the app bigger. Also: no JavaScript file above Vite's
 * 500 kB warning (which no app's build may silence), but the one file OVER_WARNING names.
 */

const DIST = join(galleryRoot, 'dist');

/** Gzipped bytes each app may send, at most (measured in the comment). */
const BUDGETS: Record<string, number> = {
  canvas2d: 11_000, // 9.8 kB
  three: 160_000, // 144 kB: three.js
  mobile: 11_000, // 9.7 kB
  rapier: 1_560_000, // 1.43 MB: Rapier's WebAssembly 1.18 MB, its glue, three.js
  r3f: 1_700_000, // 1.54 MB: Rapier's WebAssembly 1.18 MB, its glue, all of three.js, React, R3F
  rollback: 1_850_000, // 1.68 MB: Rapier's deterministic build 1.66 MB (its WebAssembly inlined), the game 28 kB
  lab: 51_000, // 46 kB
};

/**
 * The JavaScript files an app may send over Vite's warning, by app, and why: the rollback app's
 * Rapier is the deterministic build (the same bits on every peer), whose package (`-compat`, the
 * one its template names) carries its WebAssembly inlined as base64 in one module, 4.4 MB;
 * split into a file of its own, which stays cached when only the game changes. Nothing else.
 */
const OVER_WARNING: Record<string, RegExp> = { rollback: /[/\\]rapier-[\w-]+\.js$/ };

/** Vite's chunkSizeWarningLimit default, in bytes of minified JavaScript. */
const VITE_WARNING_BYTES = 500 * 1000;

/** Every file under `dir`, with its size and gzipped size. */
function filesOf(dir: string) {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile())
    .map((path) => {
      const bytes = readFileSync(path);
      return { path, type: extname(path), bytes: bytes.length, gzip: gzipSync(bytes).length };
    });
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

describe('what each app sends, gzipped', () => {
  it('has a budget for every app of the gallery, and only for those', () => {
    expect(Object.keys(BUDGETS).sort()).toEqual(apps.map((app) => app.name).sort());
  });

  it.for(apps.map((app) => app.name))('%s stays under its budget', (name) => {
    const dir = join(DIST, name);
    expect(existsSync(join(dir, 'index.html')), `no build of ${name} in ${dir} (pnpm build)`).toBe(
      true,
    );
    const files = filesOf(dir);
    const total = files.reduce((sum, file) => sum + file.gzip, 0);
    const byType = new Map<string, number>();
    for (const file of files) byType.set(file.type, (byType.get(file.type) ?? 0) + file.gzip);
    const parts = [...byType].map(([type, gzip]) => `${type} ${kB(gzip)}`).join(', ');
    console.log(`${name}: ${kB(total)} gzipped of ${kB(BUDGETS[name]!)} (${parts})`);
    expect(total).toBeLessThanOrEqual(BUDGETS[name]!);
    const big = files.filter((file) => file.type === '.js' && file.bytes > VITE_WARNING_BYTES);
    const allowed = OVER_WARNING[name];
    if (allowed) expect(big.filter((file) => allowed.test(file.path))).toHaveLength(1);
    expect(
      big.filter((file) => !allowed?.test(file.path)).map((f) => `${f.path}: ${kB(f.bytes)}`),
    ).toEqual([]);
  });
});
