import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { publishedLibraries } from '../../../scripts/vendor-packages.mjs';
import { forPackageManager } from '../src/commands.js';
import {
  deploySection,
  HOSTS,
  type Host,
  NODE_HOST,
  parseHeadersFile,
  readmeSection,
} from './deploy-section.js';
import { monorepoTemplates, TEMPLATES_SOURCE } from './helpers.js';

/**
 * Every template's README (the README of every project create-loop scaffolds) tells a person how
 * to turn the demo into their game ("Make it yours") and how to put it online ("Deploy"). This
 * file holds the README to the template's real files and names, and the Deploy commands to the
 * rules the hosts need (static hosts for a page; a Node host for a template whose package.json
 * has a `start` script, which runs a server a static host cannot); the scaffold e2e then runs those very commands (parsed by the same
 * `deploySection`) and opens each build in Chromium where that host would serve it.
 */

/** Text inside backticks. */
const quoted = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

/**
 * Every file under `dir` whose name ends in `ending` (tests included: they are yours to edit too);
 * by default TypeScript's, `.tsx` (a React template's components) with `.ts`.
 */
function sources(dir: string, ending: string | RegExp = /\.tsx?$/): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => (typeof ending === 'string' ? file.endsWith(ending) : ending.test(file)))
    .map((file) => join(dir, file));
}

/**
 * The libraries' built type declarations (@loop/core, @loop/net, @loop/rapier): a README may
 * name their options (`timestep`, `maxFps`) and exports.
 */
const LIBRARY_TYPES = publishedLibraries(join(TEMPLATES_SOURCE, '..')).map((library) =>
  join(library.dir, 'dist'),
);

/** The base each host needs: a project path on GitHub Pages, the root on Netlify, relative on itch.io. */
const BASE: Record<Host, RegExp> = {
  'GitHub Pages': /^\/[\w.-]+\/$/,
  Netlify: /^\/$/,
  'itch.io': /^\.\/$/,
};

/**
 * Where a README sends a newcomer: the docs' Getting started, named by its place in the loop
 * repository. Named, not linked: the README is read in the repository and in a scaffolded
 * project outside it, where a relative link breaks. The site gets named only once it has an
 * address (`homepage` in the root package.json): "the loop site" without one sends no one
 * anywhere.
 */
const GETTING_STARTED = { repo: 'apps/docs/src/guide/getting-started.md' };

/** The project's public address, if the root package.json has one. */
const HOMEPAGE: string | undefined = JSON.parse(
  readFileSync(join(TEMPLATES_SOURCE, '..', 'package.json'), 'utf8'),
).homepage;

/** The templates that build a page to deploy (an index.html): the ones these READMEs are for. */
function pageTemplates(): string[] {
  return monorepoTemplates().filter((name) =>
    existsSync(join(TEMPLATES_SOURCE, name, 'index.html')),
  );
}

/** The argv of `deploy`'s build as `pm` spells it, from the README create-loop writes for `pm`. */
function argvFor(readme: string, pm: 'npm' | 'pnpm' | 'yarn' | 'bun'): string[][] {
  return deploySection(forPackageManager(readme, pm)).targets.map((t) => t.argv);
}

/**
 * Whether a template runs a server of its own, as its package.json declares with a `start`
 * script (the page and the server in one process): such a game lives on a Node host, and its
 * Deploy section says how to build and start it there instead of building for static hosts.
 */
function runsAServer(dir: string): boolean {
  const { scripts } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  return typeof scripts?.start === 'string';
}

describe.each(pageTemplates())('templates/%s/README.md', (template) => {
  const dir = join(TEMPLATES_SOURCE, template);
  // Read in each test, not here: a template without a README fails its tests, not the file.
  const text = () => readFileSync(join(dir, 'README.md'), 'utf8');

  it('has a "Make it yours" and a "Deploy" section', () => {
    const readme = text();
    expect(readmeSection(readme, 'Make it yours'), '## Make it yours').toBeDefined();
    expect(readmeSection(readme, 'Deploy'), '## Deploy').toBeDefined();
  });

  it('Make it yours says where the simulation, the render, the step rate and the input live', () => {
    const make = readmeSection(text(), 'Make it yours');
    for (const part of ['Simulation', 'Render', 'Step rate', 'Input']) {
      expect(make).toMatch(new RegExp(`^- \\*\\*${part}\\*\\*: .*\`src/`, 'm'));
    }
  });

  it('Make it yours sends a newcomer to Getting started in the repository', () => {
    const make = readmeSection(text(), 'Make it yours') ?? '';
    expect(make).toMatch(/\*\*Getting started\*\*/);
    expect(quoted(make)).toContain(GETTING_STARTED.repo);
    expect(existsSync(join(TEMPLATES_SOURCE, '..', GETTING_STARTED.repo))).toBe(true);
  });

  it('links no npm page (404 before the release) and names the site only with its address', () => {
    const readme = text();
    expect(readme).not.toMatch(/npmjs\.(com|org)/);
    if (HOMEPAGE === undefined) expect(readme).not.toMatch(/\b(loop|the) site\b(?! has no)/);
    else expect(readme).toContain(HOMEPAGE);
  });

  it('Make it yours names only files, elements and code that the template has', () => {
    const code = sources(join(dir, 'src')).map((file) => readFileSync(file, 'utf8'));
    const html = readFileSync(join(dir, 'index.html'), 'utf8');
    const core = LIBRARY_TYPES.flatMap((types) =>
      sources(types, '.d.ts').map((file) => readFileSync(file, 'utf8')),
    );
    expect(core.length, 'the libraries are built').toBeGreaterThan(0);
    const words = new Set([...code, html, ...core].join('\n').match(/[\w$]+/g));
    const missing: string[] = [];
    const docs = new Set(Object.values(GETTING_STARTED));
    for (const token of quoted(readmeSection(text(), 'Make it yours') ?? '')) {
      if (docs.has(token)) continue; // outside the template: checked above
      if (/^[\w./-]+\.(ts|html|css|json)$/.test(token)) {
        if (!existsSync(join(dir, token))) missing.push(token);
      } else if (/^#[\w-]+$/.test(token)) {
        if (!html.includes(`id="${token.slice(1)}"`)) missing.push(token);
      } else {
        // Every name in `World.step(dt, input)`, `wasPressed('Space')`, `button[data-fps]`.
        const names = token.match(/[A-Za-z_$][\w$]*/g) ?? [];
        for (const name of names) if (!words.has(name)) missing.push(`${name} (in \`${token}\`)`);
      }
    }
    expect(missing).toEqual([]);
  });

  if (runsAServer(dir)) {
    it(`Deploy builds the page and starts it with its server on a ${NODE_HOST}, not a static one`, () => {
      const readme = text();
      const { targets, server } = deploySection(readme);
      expect(targets, 'no static host can run the server').toEqual([]);
      expect(readmeSection(readme, 'Deploy')).toMatch(/static host/);
      expect(server.map((step) => step.argv)).toEqual([
        ['npm', 'run', 'build'],
        ['npm', 'run', 'start'],
      ]);
      expect(server[0]!.env).toEqual({});
      expect(Object.keys(server[1]!.env)).toEqual(['PORT']);
      expect(server[1]!.env.PORT).toMatch(/^[1-9]\d{3,4}$/);
      // The start script is a Node script of the template's own that reads PORT.
      const { scripts } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      const script = /^node ([\w./-]+\.m?js)$/.exec(scripts.start)?.[1];
      expect(script, `scripts.start: ${scripts.start}`).toBeDefined();
      expect(readFileSync(join(dir, script!), 'utf8')).toContain('process.env.PORT');
      expect(scripts.build).toMatch(/(^|&& )vite build$/);
    });

    it('Deploy commands stay the same steps when create-loop rewrites them for pnpm, yarn and bun', () => {
      const readme = text();
      const steps = (pm: 'pnpm' | 'yarn' | 'bun') =>
        deploySection(forPackageManager(readme, pm)).server.map((step) => step.argv);
      expect(steps('pnpm')).toEqual([
        ['pnpm', 'build'],
        ['pnpm', 'start'],
      ]);
      expect(steps('yarn')).toEqual([
        ['yarn', 'build'],
        ['yarn', 'start'],
      ]);
      expect(steps('bun')).toEqual([
        ['bun', 'run', 'build'],
        ['bun', 'run', 'start'],
      ]);
    });
  } else {
    it('Deploy builds once for each host with the base that host serves from', () => {
      const { targets, server } = deploySection(text());
      expect(server, 'a static site needs no Node host').toEqual([]);
      expect(targets.map((t) => t.host).sort()).toEqual([...HOSTS].sort());
      for (const { host, base, argv } of targets) {
        expect(base, host).toMatch(BASE[host]);
        expect(argv, host).toEqual(['npm', 'run', 'build', '--', `--base=${base}`]);
      }
      // `npm run build -- <flag>` appends the flag to the script's last command: it must be Vite's.
      const { scripts } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      expect(scripts.build).toMatch(/(^|&& )vite build$/);
    });

    it('Deploy commands stay the same builds when create-loop rewrites them for pnpm, yarn and bun', () => {
      const readme = text();
      const bases = deploySection(readme).targets.map((t) => `--base=${t.base}`);
      expect(argvFor(readme, 'pnpm')).toEqual(bases.map((b) => ['pnpm', 'build', b]));
      expect(argvFor(readme, 'yarn')).toEqual(bases.map((b) => ['yarn', 'build', b]));
      expect(argvFor(readme, 'bun')).toEqual(bases.map((b) => ['bun', 'run', 'build', b]));
    });
  }

  it('Deploy shows Netlify the isolation headers exactly when the template has a worker mode', () => {
    const { headersFile } = deploySection(text());
    const worker = sources(join(dir, 'src')).some((file) => file.endsWith('.worker.ts'));
    expect(headersFile !== undefined, 'a public/_headers block').toBe(worker);
    if (headersFile === undefined) return;
    const all = parseHeadersFile(headersFile).find((rule) => rule.pattern.test('/assets/a.js'));
    expect(all?.headers).toEqual({
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Embedder-Policy': 'require-corp',
    });
  });
});

describe('deploySection', () => {
  const readme = (sh: string) => `# x\n\n## Deploy\n\n\`\`\`sh\n${sh}\n\`\`\`\n\n## Next\n`;

  it('reads each line of the sh blocks as a command, its host from the comment', () => {
    const { targets, headersFile } = deploySection(
      readme('npm run build -- --base=./   # itch.io: relative'),
    );
    expect(targets).toEqual([
      {
        host: 'itch.io',
        command: 'npm run build -- --base=./',
        argv: ['npm', 'run', 'build', '--', '--base=./'],
        base: './',
      },
    ]);
    expect(headersFile).toBeUndefined();
  });

  it("reads a Node host's lines as steps, their NAME=value words as the environment", () => {
    const section = deploySection(
      readme(
        'npm run build   # Node host: the page\nPORT=8080 HOST=::  npm run start  # Node host',
      ),
    );
    expect(section.targets).toEqual([]);
    expect(section.server).toEqual([
      { command: 'npm run build', argv: ['npm', 'run', 'build'], env: {} },
      {
        command: 'PORT=8080 HOST=::  npm run start',
        argv: ['npm', 'run', 'start'],
        env: { PORT: '8080', HOST: '::' },
      },
    ]);
  });

  it('refuses a line the e2e could not run: no host named, or no base', () => {
    expect(() => deploySection(readme('npm run build   # somewhere'))).toThrow(/which host/);
    expect(() => deploySection(readme('npm run build   # Netlify'))).toThrow(/no --base=/);
    expect(() => deploySection('# x\n\n## Deploy later\n')).toThrow(/no "## Deploy"/);
  });

  it('takes the code block after `public/_headers`, dedented, and parses it as Netlify does', () => {
    const text = `${readme('npm run build -- --base=/   # Netlify')}`.replace(
      '## Next',
      '- add `public/_headers`:\n\n  ```text\n  /assets/*\n    A: 1\n  # note\n  /*\n    B: two: 2\n  ```\n\n## Next',
    );
    const { headersFile } = deploySection(text);
    expect(headersFile).toBe('/assets/*\n  A: 1\n# note\n/*\n  B: two: 2\n');
    const rules = parseHeadersFile(headersFile!);
    expect(rules.map((r) => [r.path, r.headers])).toEqual([
      ['/assets/*', { A: '1' }],
      ['/*', { B: 'two: 2' }],
    ]);
    expect(rules[0]!.pattern.test('/assets/x/y.js')).toBe(true);
    expect(rules[0]!.pattern.test('/index.html')).toBe(false);
  });
});
