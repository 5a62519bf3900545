import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, vi } from 'vitest';
import type { LocalRegistry } from './registry-server.js';

/** What a test of main() in this process reads and sets: see {@link useMainInProcess}. */
export interface MainInProcess {
  /** The temporary folder the test runs in, the current directory. */
  cwd: string;
  /** What main() printed, through console.log and stdout, line by line. */
  printed: string[];
  /** A registry the test started, stopped after it. */
  registry: LocalRegistry | undefined;
  /** The package.json written in `folder` of the current directory. */
  manifestOf(folder: string): ReturnType<typeof JSON.parse>;
}

/**
 * main() in this process, from argv to a written project, over the templates the build put in
 * the package (test/cli.test.ts runs the built bin the same way over fixture templates). What
 * it prints is read from console.log and stdout; the project is written in a temporary folder
 * that is the current directory; stdin is no terminal, so nothing is asked. Registers the hooks
 * that set this up before each test and undo it after; read the fields inside a test.
 */
export function useMainInProcess(): MainInProcess {
  let home: string;
  const run: MainInProcess = {
    cwd: '',
    printed: [],
    registry: undefined,
    manifestOf: (folder) => JSON.parse(readFileSync(join(run.cwd, folder, 'package.json'), 'utf8')),
  };
  beforeEach(() => {
    home = process.cwd();
    run.cwd = mkdtempSync(join(tmpdir(), 'create-loop-main-'));
    process.chdir(run.cwd);
    run.printed = [];
    vi.spyOn(console, 'log').mockImplementation((...line: unknown[]) => {
      run.printed.push(line.join(' '));
    });
    vi.spyOn(process.stdout, 'write').mockImplementation((text) => {
      run.printed.push(String(text));
      return true;
    });
    vi.stubEnv('npm_config_user_agent', 'npm/10.9.0 node/v20.19.0 linux x64');
    vi.stubEnv('CREATE_LOOP_VENDORED', '1');
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
    process.chdir(home);
    rmSync(run.cwd, { recursive: true, force: true });
    await run.registry?.stop();
    run.registry = undefined;
  });
  return run;
}
