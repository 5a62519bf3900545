import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumArgs, chromiumPath } from '../../../scripts/chromium.mjs';
import { deploySection } from '../test/deploy-section.js';
import { TEMPLATES_SOURCE, tempDir } from '../test/helpers.js';
import { expectDeployed } from './deploy.js';
import { expectOwnTests, expectSkipsWithoutTools, OWN_TESTS_MS } from './own-tests.js';
import { type Packs, packAll } from './packs.js';
import { expectPreviewRuns } from './preview-page.js';
import { exec } from './processes.js';
import { expectInstalledFromPacks, expectScaffolded } from './scaffolded.js';
import { expectJoined, serveAsDeployed, serveDev } from './server-template.js';
import { TEMPLATES } from './templates.js';

/**
 * The published path, end to end, for every template:
 *   pnpm pack @loop/core and create-loop (once) -> `npm exec --package=<create-loop tgz>`
 *   exactly as `npm create loop` would -> no `workspace:` anywhere -> pnpm install against the
 *   packed @loop/core (a tarball, no workspace link) -> the template's typecheck and build ->
 *   `vite preview` on 127.0.0.1 -> headless Chromium: no console errors, a canvas that is drawn
 *   and, sooner or later, changes, and (mobile, r3f) never more frames than its 30 fps cap allows ->
 *   each build command of the project README's Deploy section, run as written, its dist/ served
 *   as that host serves it (GitHub Pages under /<repo>/, Netlify at / with its _headers,
 *   itch.io in a folder of its own) and checked the same way.
 * A template that runs a server of its own (multiplayer, with a `start` script) runs its own
 * tests, then is served by `npm run dev` and by its README's Node host commands (`npm run build`,
 * `PORT=… npm run start`) in place of the preview and the static hosts, and a page must join the
 * game through each: a seat, a measured round trip, the player moving under a key.
 *
 * Nothing here depends on how fast the machine is (a loaded 2-core CI machine must not make it
 * flake): waits poll for a condition with a generous timeout, and the only assertion on frame
 * counts is an upper bound on the page's own clock, which a slow machine cannot break. Rates are
 * printed as figures, never asserted.
 *
 * Page contract with the templates: one main <canvas>; an element with `data-loop-stats` that
 * carries data-rendered, data-skipped, data-fps and data-time (performance.now() when written).
 */

let tmp: string;
/** Every library and create-loop, packed. */
let packs: Packs;
let browser: Browser;

beforeAll(async () => {
  tmp = tempDir('create-loop-e2e-');
  const dir = join(tmp, 'packs');
  mkdirSync(dir);
  packs = await packAll(dir);
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
});

afterAll(async () => {
  await browser?.close();
  if (tmp && !process.env.KEEP_E2E) rmSync(tmp, { recursive: true, force: true });
});

describe.each(TEMPLATES)('template %s', (template) => {
  it('scaffolds, installs from the packed libraries, type-checks, builds and runs in Chromium', async () => {
    const work = join(tmp, template);
    mkdirSync(work);

    // 1. Scaffold with the packed CLI, no prompt (e2e/scaffolded.ts).
    const scaffold = await expectScaffolded(packs, work, template);
    const { app, manifest } = scaffold;

    // 2. Install from the packed tarballs, never from the monorepo.
    await expectInstalledFromPacks(packs, scaffold, template);

    // 3. The scaffold's own scripts: the type check, the build (its tests: below).
    expect(Object.keys(manifest.scripts)).toEqual(
      expect.arrayContaining(['dev', 'build', 'test', 'typecheck']),
    );
    await exec('npm', ['run', 'typecheck'], { cwd: app });
    await exec('npm', ['run', 'build'], { cwd: app });
    expect(existsSync(join(app, 'dist', 'index.html'))).toBe(true);

    // 4. Serve it and look at it. A template that runs a server of its own (a `start` script: the
    //    page and the game server) is served by its dev command, never by a static preview, and
    //    checked by what only a connected page shows (e2e/server-template.ts).
    if (typeof manifest.scripts.start === 'string') {
      const dev = await serveDev(app);
      try {
        console.log(`[e2e ${template}] npm run dev at ${await expectJoined(browser, dev.url)}`);
      } finally {
        await dev.stop();
      }
      return;
    }
    // A static preview, looked at in Chromium (e2e/preview-page.ts), and (5.) rapier's worker mode.
    await expectPreviewRuns(browser, app, template);
  });

  // 6. Deployed as the project's README says: each host's build command, run as written, and
  //    the build served under the path that host serves it from (test/deploy-section.ts); for a
  //    template with a server, the Node host's build and start, and a page that joins the game.
  const deploy = deploySection(readFileSync(join(TEMPLATES_SOURCE, template, 'README.md'), 'utf8'));
  /** The project scaffolded and installed by the test above, and its own README's Deploy. */
  const scaffolded = () => {
    const app = join(tmp, template, 'my-game');
    expect(
      existsSync(join(app, 'node_modules')),
      'the project scaffolded and installed above',
    ).toBe(true);
    return { app, section: deploySection(readFileSync(join(app, 'README.md'), 'utf8')) };
  };
  // Its tests as its developer runs them: `npm test`, the fast ones, and `npm run test:e2e`
  // where there is one (browsers, processes, whole sessions), none skipped here; without a
  // browser or a redis-server the latter skips what needs them, saying what to install.
  it(
    'passes its own tests: npm test, and npm run test:e2e where it has one',
    async () => {
      const { app } = scaffolded();
      const { scripts } = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8'));
      await expectOwnTests(app, scripts);
      await expectSkipsWithoutTools(app, template); // multiplayer, r3f, rollback: its tools
    },
    3 * OWN_TESTS_MS,
  );

  if (deploy.server.length > 0) {
    it('deploys on a Node host as its README says: builds, starts, and a page joins the game', async () => {
      const { app, section } = scaffolded();
      expect(section.server, "the scaffold's own README").toEqual(deploy.server);
      const server = await serveAsDeployed(app, section.server);
      try {
        const commands = section.server.map((step) => step.command).join(', ');
        console.log(`[e2e ${template}] ${commands} at ${await expectJoined(browser, server.url)}`);
      } finally {
        await server.stop();
      }
    });
  }
  if (deploy.targets.length === 0) return;
  it.each(deploy.targets)(
    'deploys as its README says: $host, $command, served where the host serves it',
    async (target) => {
      const { app, section } = scaffolded();
      expect(section.targets, "the scaffold's own README").toContainEqual(target);
      const line = await expectDeployed(
        browser,
        { app, section, workerMode: template === 'rapier' },
        target,
      );
      console.log(`[e2e ${template}] ${line}`);
    },
  );
});
