import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/**
 * A temporary folder (named from `prefix`) for the calling file's tests, removed after them;
 * returns `folder`, which makes a fresh folder under it at each call and returns its path.
 */
export function tempFolders(prefix: string): () => string {
  const tmp = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));
  let made = 0;
  return () => {
    const dir = join(tmp, String(made++));
    mkdirSync(dir, { recursive: true });
    return dir;
  };
}
