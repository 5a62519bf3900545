import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useStagingDir } from '../test/staging-dir.js';
import { CliError } from './errors.js';
import { inspectTarget, mayStageInside } from './staging.js';

/** What a target is before anything is written (inspectTarget), and where staging may go. */

let tmp: string;
useStagingDir((dir) => (tmp = dir));

describe('inspectTarget', () => {
  it('tells missing, empty (or only .git) and non-empty apart', async () => {
    expect(await inspectTarget(join(tmp, 'nope'))).toBe('missing');
    mkdirSync(join(tmp, 'empty'));
    expect(await inspectTarget(join(tmp, 'empty'))).toBe('empty');
    mkdirSync(join(tmp, 'git/.git'), { recursive: true });
    expect(await inspectTarget(join(tmp, 'git'))).toBe('empty');
    writeFileSync(join(tmp, 'git/readme'), '');
    expect(await inspectTarget(join(tmp, 'git'))).toBe('non-empty');
    expect(await inspectTarget(join(tmp, 'git'), 'readme')).toBe('empty');
  });

  it('refuses a file in the way', async () => {
    writeFileSync(join(tmp, 'file'), '');
    await expect(inspectTarget(join(tmp, 'file'))).rejects.toThrow(
      new CliError(`${join(tmp, 'file')} exists and is not a directory`),
    );
  });

  it('takes only a path that does not exist as missing: a path below a file fails', async () => {
    writeFileSync(join(tmp, 'file'), '');
    await expect(inspectTarget(join(tmp, 'file', 'game'))).rejects.toMatchObject({
      code: 'ENOTDIR',
    });
  });
});

describe('mayStageInside', () => {
  it('stages inside only an existing target, and only when the parent takes no new folder', () => {
    for (const code of ['EACCES', 'EPERM', 'EROFS']) {
      expect(mayStageInside('empty', code), code).toBe(true);
      expect(mayStageInside('non-empty', code), code).toBe(true);
      expect(mayStageInside('missing', code), code).toBe(false);
    }
    for (const code of ['ENOSPC', 'EEXIST', 'ENOENT', undefined]) {
      expect(mayStageInside('empty', code), code).toBe(false);
    }
  });
});
