import {
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumArgs, chromiumPath } from '../../../scripts/chromium.mjs';
import { loopDependencies, withVendoredSpecs } from '../../../scripts/vendor-packages.mjs';
import { deploySection } from '../test/deploy-section.js';
import {
  filesContaining,
  PKG_DIR,
  shippedTemplateFiles,
  TEMPLATES_SOURCE,
  tempDir,
  tree,
} from '../test/helpers.js';
import { expectDeployed } from './deploy.js';
import { capViolations, describeFrames, framesOver, recordFrames } from './frames.js';
import {
  expectOwnTests,
  expectSkipsWithoutTools,
  installScaffold,
  OWN_TESTS_MS,
} from './own-tests.js';
import { packAll } from './packs.js';
import { collectProblems, expectDrawnAndMoving, PAGE_WAIT_MS, waitForFirstFrame } from './page.js';
import { exec, preview } from './processes.js';
import { expectJoined, serveAsDeployed, serveDev } from './server-template.js';
import { serveStatic } from './static-host.js';
import { expectWorkerMode } from './worker-mode.js';

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

const TEMPLATES = [
  'canvas2d',
  'mobile',
  'multiplayer',
  'r3f',
  'rapier',
  'rollback',
  'three',
] as const;
/** Every template the tarball ships and `--list` names: each one is scaffolded below. */
const SHIPPED = [...TEMPLATES];
/** Templates with an FPS cap the test holds them to. */
const FPS_CAP: Partial<Record<(typeof TEMPLATES)[number], number>> = { mobile: 30, r3f: 30 };
/** Page time (ms of the page's own clock, not the test's) over which frames are counted. */
const RECORD_MS = 3000;

let tmp: string;
/** Library name -> `file:<its packed tarball>`. */
let librarySpecs: Record<string, string>;
let cliTgz: string;
let coreVersion: string;
let browser: Browser;

beforeAll(async () => {
  tmp = tempDir('create-loop-e2e-');
  const packs = join(tmp, 'packs');
  mkdirSync(packs);
  ({ librarySpecs, version: coreVersion, cliTgz } = await packAll(packs));
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
});

afterAll(async () => {
  await browser?.close();
  if (tmp && !process.env.KEEP_E2E) rmSync(tmp, { recursive: true, force: true });
});

/** `npm exec --yes --package=<tarball> -- create-loop ...`: how `npm create loop` runs it. */
function createLoop(cwd: string, args: readonly string[]) {
  return exec('npm', ['exec', '--yes', `--package=${cliTgz}`, '--', 'create-loop', ...args], {
    cwd,
  });
}

it('the packed create-loop ships its bin, dist, the templates and their versions, nothing else', async () => {
  const { stdout } = await exec('tar', ['-tzf', cliTgz], { cwd: tmp });
  const files = stdout.trim().split('\n');
  expect(files).toContain('package/bin/create-loop.js');
  expect(files).toContain('package/dist/index.js');
  expect(files).toContain('package/dist/workspace-versions.json');
  const expected =
    /^package\/(package\.json|README\.md|bin\/create-loop\.js|dist\/[^/]+|templates\/.+)$/;
  expect(files.filter((f) => !expected.test(f))).toEqual([]);
  expect(files.filter((f) => /\.test\.js$/.test(f))).toEqual([]);
  for (const t of SHIPPED) {
    const shipped = files
      .filter((f) => f.startsWith(`package/templates/${t}/`))
      .map((f) => f.slice(`package/templates/${t}/`.length))
      .sort();
    expect(shipped, `templates/${t} in the tarball`).toEqual(
      shippedTemplateFiles(join(TEMPLATES_SOURCE, t)),
    );
    expect(shipped).toContain('_gitignore');
  }
  const work = join(tmp, 'list');
  mkdirSync(work);
  const listed = (await createLoop(work, ['--list'])).stdout
    .trim()
    .split('\n')
    .map((l) => l.split(/\s+/)[0]);
  expect(listed).toEqual(SHIPPED);
});

describe.each(TEMPLATES)('template %s', (template) => {
  it('scaffolds, installs from the packed libraries, type-checks, builds and runs in Chromium', async () => {
    const work = join(tmp, template);
    mkdirSync(work);

    // 1. Scaffold with the packed CLI, no prompt.
    const created = await createLoop(work, ['my-game', '--template', template, '--no-interactive']);
    expect(created.stdout).toContain('npm install');
    const app = join(work, 'my-game');
    const files = tree(app);
    expect(files).toContain('.gitignore');
    expect(files.filter((f) => f.endsWith('_gitignore'))).toEqual([]);
    expect(filesContaining(app, 'workspace:')).toEqual([]);
    expect(filesContaining(app, '// Stryker disable'), 'mutation-testing marks').toEqual([]);
    const manifest = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8'));
    expect(manifest.name).toBe('my-game');
    const wanted = loopDependencies(manifest);
    expect(wanted).toContain('@loop/core');
    for (const name of wanted) {
      const field = manifest.dependencies?.[name] ? 'dependencies' : 'devDependencies';
      expect(manifest[field][name], name).toBe(`^${coreVersion}`);
    }

    // 2. Install. The libraries are not on the registry yet: point the same dependencies at the
    //    packed tarballs (copies from the tarballs, never links into the monorepo), overridden
    //    where one library depends on another, as `pnpm create:local` does.
    const vendored = withVendoredSpecs(
      manifest,
      Object.fromEntries(wanted.map((name) => [name, librarySpecs[name]!])),
    );
    writeFileSync(join(app, 'package.json'), `${JSON.stringify(vendored, null, 2)}\n`);
    await installScaffold(app, template === 'multiplayer');
    for (const name of wanted) {
      const installed = join(app, 'node_modules', name);
      expect(JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')).version).toBe(
        coreVersion,
      );
      const real = realpathSync(installed);
      expect(
        real.startsWith(resolve(PKG_DIR, '..', '..') + sep),
        `${name} resolves into the monorepo: ${real}`,
      ).toBe(false);
      expect(lstatSync(join(installed, 'dist')).isDirectory()).toBe(true);
    }

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
    const server = await preview(app);
    const page = await browser.newPage();
    page.setDefaultTimeout(PAGE_WAIT_MS);
    const problems = collectProblems(page);
    try {
      await page.goto(server.url, { waitUntil: 'load' });
      await waitForFirstFrame(page);
      await recordFrames(page);

      // Drawn and, sooner or later, moving.
      const { first, colours, changed, shots } = await expectDrawnAndMoving(page);

      // Frames on the page's clock: figures for the log, and the cap as an upper bound.
      const samples = await framesOver(page, RECORD_MS, PAGE_WAIT_MS);
      for (const s of samples) {
        const counts = [s.rendered, s.skipped].every((n) => Number.isInteger(n) && n >= 0);
        expect(
          counts && s.time > 0 && Number.isFinite(s.fps),
          `overlay data ${JSON.stringify(s)}`,
        ).toBe(true);
      }
      console.log(
        `[e2e ${template}] canvas ${first.width}x${first.height}, ${colours} colours; ` +
          `${changed} pixels changed at screenshot ${shots + 1}; ${describeFrames(samples)}`,
      );
      const cap = FPS_CAP[template];
      if (cap !== undefined) {
        expect(capViolations(samples, cap), `more frames than a ${cap} fps cap allows`).toEqual([]);
      }
      expect(problems).toEqual([]);

      // 5. Rapier's worker mode, built: with the preview's isolation headers (its vite.config)
      //    the snapshots cross through shared memory; on a host without them, by message.
      if (template === 'rapier') {
        const shared = await expectWorkerMode(page, server.url, 'shared');
        const plain = await serveStatic(join(app, 'dist')); // no header but the content type
        try {
          const message = await expectWorkerMode(page, plain.url, 'message');
          console.log(`[e2e rapier] worker ${JSON.stringify(shared)} ${JSON.stringify(message)}`);
        } finally {
          await plain.stop();
        }
        expect(problems).toEqual([]);
      }
    } finally {
      await page.close();
      await server.stop();
    }
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
