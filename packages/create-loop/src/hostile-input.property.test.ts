import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseCliArgs } from './args.js';
import { main } from './cli.js';
import { CliError } from './errors.js';
import { isValidPackageName } from './validate.js';

/**
 * Anything a user can type after `npm create loop`, thrown at the argument parser and at the
 * whole CLI: flags known, misspelt, repeated or glued to values, template names real and not,
 * folder names with spaces, dots, accents, emoji, reserved device names, control characters and
 * NUL, backslashes, long names, `..`. Each ends as a CliError with a message, or as a project
 * whose package.json has a valid npm name, written inside its own folder and nowhere else.
 * Never a throw of another kind, never a file outside the target. Seed recorded below.
 */
const SEED = 20_261_127;

const FLAGS = [
  '--template',
  '-t',
  '--overwrite',
  '--no-interactive',
  '--list',
  '--help',
  '-h',
  '--version',
  '-v',
  '--',
  '-',
  '--tempalte',
  '--template=three',
  '-tthree',
  '--overwrite=yes',
  '---',
] as const;
const TEMPLATES = ['canvas2d', 'three', 'mobile', 'rapier', 'nope', 'Three', ' three '] as const;
/** Parts of a folder name: at most three, so `..` climbs no higher than the sandbox. */
const PARTS = [
  '..',
  '.',
  'game',
  'My Game!',
  ' a b ',
  'ünïcödé',
  '😀',
  '-x',
  '.hidden',
  'node_modules',
  'CON',
  'nul.txt',
  'a\\b',
  'x'.repeat(230),
  'tab\there',
  'nul\0byte',
  'line\nbreak',
  '',
] as const;

const folder = fc
  .array(fc.constantFrom(...PARTS), { minLength: 1, maxLength: 3 })
  .map((parts) => parts.join('/'));
/** A word as typed: anything but a leading `/` (an absolute path would leave the sandbox). */
const word = fc
  .string({ unit: 'grapheme', maxLength: 12 })
  .filter((s) => !s.startsWith('/') && !/^[a-z]:/i.test(s));
const token = fc.oneof(fc.constantFrom(...FLAGS), fc.constantFrom(...TEMPLATES), folder, word);
const argv = fc.array(token, { maxLength: 6 });
/**
 * An argv that often makes a project: a folder, a template and `--overwrite` each perhaps,
 * then perhaps a token or two more of anything.
 */
const project = fc
  .tuple(
    fc.option(fc.oneof(folder, word), { nil: undefined }),
    fc.option(fc.constantFrom(...TEMPLATES), { nil: undefined, freq: 4 }),
    fc.boolean(),
    fc
      .array(token, { maxLength: 2, depthIdentifier: 'extra' })
      .map((extra) => (extra.length === 2 ? extra : [])),
  )
  .map(([dir, template, overwrite, extra]) => [
    ...(dir === undefined ? [] : [dir]),
    ...(template === undefined ? [] : ['--template', template]),
    ...(overwrite ? ['--overwrite'] : []),
    ...extra,
  ]);

describe(`create-loop's arguments, hostile (fast-check seed ${SEED})`, () => {
  it('parses any argv into arguments or a one-line CliError, never another throw', () => {
    fc.assert(
      fc.property(argv, fc.boolean(), (args, fromNpm) => {
        const env = fromNpm
          ? { npm_config_user_agent: 'npm/10.9.0 node/v20.19.0', npm_config_template: 'true' }
          : {};
        try {
          const parsed = parseCliArgs(args, env);
          if (parsed.template !== undefined) expect(parsed.template).not.toBe('');
          if (parsed.targetDir !== undefined) expect(parsed.targetDir.trim()).not.toBe('');
        } catch (error) {
          expect(error).toBeInstanceOf(CliError);
          expect((error as Error).message).not.toMatch(/^\s*$/);
        }
      }),
      { seed: SEED, numRuns: 1000 },
    );
  });

  describe('the whole CLI, in a sandbox', () => {
    let sandbox: string;
    let home: string;
    beforeAll(() => {
      home = process.cwd();
      sandbox = mkdtempSync(join(tmpdir(), 'create-loop-hostile-'));
    });
    afterAll(() => {
      process.chdir(home);
      rmSync(sandbox, { recursive: true, force: true });
    });
    afterEach(() => {
      vi.restoreAllMocks();
      vi.unstubAllEnvs();
      process.chdir(home);
    });

    /** Every file under `dir`, by path. */
    const files = (dir: string): string[] =>
      readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => join(e.parentPath, e.name));

    it('ends in a CliError or in a valid project inside its target, and writes nothing elsewhere', async () => {
      let run = 0;
      let projects = 0;
      await fc.assert(
        fc.asyncProperty(fc.oneof({ arbitrary: project, weight: 3 }, argv), async (args) => {
          // A fresh sandbox each run: sandbox/<run>/a/b/cwd, and a file beside the current folder.
          const root = join(sandbox, String(run++));
          const cwd = join(root, 'a', 'b', 'cwd');
          mkdirSync(cwd, { recursive: true });
          writeFileSync(join(root, 'a', 'keep.txt'), 'mine');
          process.chdir(cwd);
          const printed: string[] = [];
          vi.spyOn(console, 'log').mockImplementation(
            (...line) => void printed.push(line.join(' ')),
          );
          vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
          vi.stubEnv('npm_config_user_agent', 'pnpm/10.34.9 node/v20.19.0 linux x64');
          vi.stubEnv('CREATE_LOOP_VENDORED', '1');
          try {
            await main(args);
          } catch (error) {
            expect(error, JSON.stringify(args)).toBeInstanceOf(CliError);
            expect((error as Error).message).not.toMatch(/^\s*$/); // index.ts prints it on one line
          } finally {
            vi.restoreAllMocks();
            process.chdir(home);
          }
          expect(readFileSync(join(root, 'a', 'keep.txt'), 'utf8')).toBe('mine');
          const made = printed.map((l) => /^Scaffolding \S+ in (.*) \.\.\.$/.exec(l)?.[1]);
          const target = made.find((t) => t !== undefined);
          const written = files(root).filter((f) => !f.endsWith(`${sep}keep.txt`));
          if (target === undefined) {
            expect(written, JSON.stringify(args)).toEqual([]); // refused: nothing written
            return;
          }
          for (const file of written) expect(relative(target, file)).not.toMatch(/^\.\.|^[\\/]/);
          const manifest = JSON.parse(readFileSync(join(target, 'package.json'), 'utf8'));
          expect(isValidPackageName(manifest.name), manifest.name).toBe(true);
          projects++;
        }),
        { seed: SEED, numRuns: 150 },
      );
      expect(projects).toBeGreaterThan(20); // the runs reached the scaffold, not only the parser
    }, 120_000);
  });
});
