/**
 * The workspace's packages as pnpm sees them, for the release dry run (dry-run.mjs) and its
 * tests: found from pnpm-workspace.yaml, so a new public package is packed without a list to
 * keep in step.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

/**
 * Every workspace package, read from pnpm-workspace.yaml's `dir/*` patterns, as
 * `{ name, dir, manifest }` with `dir` relative to `root`. Lets the dry run find the public
 * packages itself, so a new one is packed (and noticed) without editing this script.
 * @param {string} root
 * @returns {{ name: string, dir: string, manifest: Record<string, any> }[]}
 */
export function workspacePackages(root) {
  const { packages = [] } = parse(readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8'));
  /** @type {{ name: string, dir: string, manifest: Record<string, any> }[]} */
  const found = [];
  for (const pattern of packages) {
    const parent = pattern.replace(/\/\*$/, '');
    if (!existsSync(join(root, parent))) continue;
    for (const entry of readdirSync(join(root, parent), { withFileTypes: true })) {
      const file = join(root, parent, entry.name, 'package.json');
      if (!entry.isDirectory() || !existsSync(file)) continue;
      const manifest = JSON.parse(readFileSync(file, 'utf8'));
      found.push({ name: manifest.name, dir: `${parent}/${entry.name}`, manifest });
    }
  }
  return found.sort((a, b) => a.dir.localeCompare(b.dir));
}
