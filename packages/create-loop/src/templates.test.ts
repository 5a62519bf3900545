import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CliError } from './errors.js';
import { findTemplate, listTemplates, templateNames } from './templates.js';

let tmp: string;
beforeEach(() => {
  tmp = mkdtempSync(join(tmpdir(), 'create-loop-templates-'));
});
afterEach(() => {
  rmSync(tmp, { recursive: true, force: true });
});

function template(name: string, manifest: object | null): void {
  mkdirSync(join(tmp, name), { recursive: true });
  if (manifest !== null) writeFileSync(join(tmp, name, 'package.json'), JSON.stringify(manifest));
}

describe('listTemplates', () => {
  it('lists folders with a package.json, sorted, with their descriptions', async () => {
    template('three', { name: 't', description: 'Three.js' });
    template('canvas2d', { name: 'c' });
    template('no-manifest', null);
    writeFileSync(join(tmp, 'stray-file.json'), '{}');
    const list = await listTemplates(tmp);
    expect(list).toEqual([
      { name: 'canvas2d', dir: join(tmp, 'canvas2d'), description: undefined },
      { name: 'three', dir: join(tmp, 'three'), description: 'Three.js' },
    ]);
    expect(templateNames(list)).toBe('canvas2d, three');
  });

  it('returns nothing for a missing folder', async () => {
    expect(await listTemplates(join(tmp, 'missing'))).toEqual([]);
  });

  it('fails on a folder it cannot read, rather than list none', async () => {
    writeFileSync(join(tmp, 'a-file'), '');
    await expect(listTemplates(join(tmp, 'a-file'))).rejects.toMatchObject({ code: 'ENOTDIR' });
  });

  it('sorts by name whatever order the folder gives them in', async () => {
    const names = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    for (const name of names) template(name, { name });
    expect((await listTemplates(tmp)).map((t) => t.name)).toEqual(names);
    for (const name of names.toReversed()) template(`z${name}`, { name });
    expect((await listTemplates(tmp)).map((t) => t.name)).toEqual([
      ...names,
      ...names.map((name) => `z${name}`),
    ]);
  });

  it('takes a description only when it is text, and names a package.json it cannot parse', async () => {
    template('odd', { name: 'o', description: 5 });
    expect(await listTemplates(tmp)).toEqual([
      { name: 'odd', dir: join(tmp, 'odd'), description: undefined },
    ]);
    writeFileSync(join(tmp, 'odd', 'package.json'), '{');
    await expect(listTemplates(tmp)).rejects.toThrow(
      new CliError(`${join(tmp, 'odd', 'package.json')} is not valid JSON`),
    );
  });
});

describe('findTemplate', () => {
  it('finds by exact name, or fails listing the valid ones', async () => {
    template('canvas2d', {});
    template('mobile', {});
    const list = await listTemplates(tmp);
    expect(findTemplate(list, 'mobile').name).toBe('mobile');
    expect(() => findTemplate(list, 'Mobile')).toThrow(CliError);
    expect(() => findTemplate(list, 'tree')).toThrow(
      new CliError('unknown template "tree"; valid templates: canvas2d, mobile'),
    );
    expect(() => findTemplate(list, 'mobil')).toThrow(
      new CliError(
        'unknown template "mobil"; did you mean "mobile"? valid templates: canvas2d, mobile',
      ),
    );
  });
});
