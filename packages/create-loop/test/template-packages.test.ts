import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loopDependencies } from '../../../scripts/vendor-packages.mjs';
import { monorepoTemplates, TEMPLATES_SOURCE } from './helpers.js';

/**
 * A scaffold's machinery comes from versioned packages (@loop/core, @loop/net, @loop/rapier), so
 * a fix reaches a game made last month by an upgrade, not by copying files. Each template's
 * README says which package does what for the game, and how to upgrade it.
 */

/** The README's section named `title` (a `## ` heading), up to the next one. */
function section(readme: string, title: RegExp): string | undefined {
  const parts = readme.split(/\n(?=## )/);
  return parts.find((part) => title.test(part.split('\n')[0]!));
}

describe.each(monorepoTemplates())('template %s', (template) => {
  const dir = join(TEMPLATES_SOURCE, template);
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const readme = readFileSync(join(dir, 'README.md'), 'utf8');
  const libraries = loopDependencies(manifest);

  it('depends on @loop/core', () => {
    expect(libraries).toContain('@loop/core');
  });

  it('says, in a section on its packages, what each @loop/* package does and how to upgrade it', () => {
    const packages = section(readme, /package|librar|upgrad/i);
    expect(packages, 'a "## ..." section on packages').toBeDefined();
    for (const name of libraries) {
      expect(packages, name).toContain(`\`${name}\``);
      expect(packages, `how to upgrade ${name}`).toMatch(
        new RegExp(`npm update [^\\n\`]*${name.replace('/', '\\/')}`),
      );
    }
  });
});
