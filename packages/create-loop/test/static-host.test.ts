import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type StaticHost, serveStatic } from '../e2e/static-host.js';
import { tempDir } from './helpers.js';

/**
 * The e2e's stand-in host decides whether a build "works under its base path": it must refuse
 * what a real host would refuse (a file outside the path the site lives under), or a build with
 * the wrong base would pass. These tests hold it to that, and to sending a Netlify `_headers`
 * file's headers only when asked, without ever serving the file.
 */

const HEADERS = '/*\n  Cross-Origin-Opener-Policy: same-origin\n';

const made: string[] = [];

/** A built site: index.html, an asset, a `_headers` file. */
function site(): string {
  const dir = tempDir('static-host-');
  made.push(dir);
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>game</title>');
  writeFileSync(join(dir, 'assets', 'main.js'), 'console.log(1)');
  writeFileSync(join(dir, '_headers'), HEADERS);
  return dir;
}

let host: StaticHost | undefined;
afterEach(async () => {
  await host?.stop();
  host = undefined;
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Status, content type and COOP header of `path` on the running host. */
async function get(path: string) {
  const origin = new URL(host!.url).origin;
  const response = await fetch(`${origin}${path}`);
  await response.arrayBuffer();
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    coop: response.headers.get('cross-origin-opener-policy'),
  };
}

describe('serveStatic', () => {
  it('serves the site only under its prefix, as a GitHub Pages project site is', async () => {
    host = await serveStatic(site(), { prefix: '/my-game/' });
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/my-game\/$/);
    expect(await get('/my-game/')).toMatchObject({ status: 200, type: 'text/html' });
    expect(await get('/my-game/assets/main.js')).toMatchObject({
      status: 200,
      type: 'text/javascript',
    });
    // What a build for the root asks for when it is served under /my-game/.
    expect((await get('/assets/main.js')).status).toBe(404);
    expect((await get('/')).status).toBe(404);
    expect((await get('/my-game/missing.js')).status).toBe(404);
  });

  it('sends no header but the content type unless told to read _headers', async () => {
    host = await serveStatic(site());
    expect(host.rules).toEqual([]);
    expect(await get('/')).toMatchObject({ status: 200, coop: null });
  });

  it("sends _headers' headers when told to, and never serves the file itself", async () => {
    host = await serveStatic(site(), { headersFile: true });
    expect(host.rules.map((rule) => rule.path)).toEqual(['/*']);
    expect(await get('/')).toMatchObject({ status: 200, coop: 'same-origin' });
    expect(await get('/assets/main.js')).toMatchObject({ status: 200, coop: 'same-origin' });
    expect((await get('/_headers')).status).toBe(404);
  });
});
