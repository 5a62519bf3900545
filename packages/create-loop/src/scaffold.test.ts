import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scaffold } from './scaffold.js';

let tmp: string;
let templateDir: string;
beforeEach(() => {
  tmp = mkdtempSync(join(tmpdir(), 'create-loop-scaffold-'));
  templateDir = join(tmp, 'template');
  mkdirSync(join(templateDir, 'src'), { recursive: true });
  mkdirSync(join(templateDir, 'node_modules/@loop/core'), { recursive: true });
  writeFileSync(join(templateDir, '_gitignore'), 'node_modules\ndist\n');
  writeFileSync(join(templateDir, 'src/main.ts'), 'export {};\n');
  writeFileSync(
    join(templateDir, 'package.json'),
    JSON.stringify({ name: 'template-x', dependencies: { '@loop/core': 'workspace:^' } }, null, 2),
  );
});
afterEach(() => {
  rmSync(tmp, { recursive: true, force: true });
});

describe('scaffold', () => {
  it('copies, renames _gitignore, renames the package and rewrites workspace deps', async () => {
    const target = join(tmp, 'out/My Game');
    const files = await scaffold({
      templateDir,
      target,
      packageName: 'my-game',
      versions: { '@loop/core': '0.1.0' },
      overwrite: false,
    });
    expect(files).toBe(3);
    expect(readdirSync(target).sort()).toEqual(['.gitignore', 'package.json', 'src']);
    expect(JSON.parse(readFileSync(join(target, 'package.json'), 'utf8'))).toEqual({
      name: 'my-game',
      dependencies: { '@loop/core': '^0.1.0' },
    });
  });

  it('writes nothing when the package.json cannot be rewritten', async () => {
    const target = join(tmp, 'game');
    await expect(
      scaffold({ templateDir, target, packageName: 'game', versions: {}, overwrite: false }),
    ).rejects.toThrow(/@loop\/core/);
    expect(readdirSync(tmp)).toEqual(['template']);
  });
});
