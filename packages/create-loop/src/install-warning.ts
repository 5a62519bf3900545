import { readFile } from 'node:fs/promises';
import { checkPublished, registryFor } from './registry-check.js';
import { unpublishedAdvice } from './start-commands.js';
import { DEPENDENCY_FIELDS, type Manifest } from './workspace-deps.js';

/** What `installWarnings` needs to know about the project just written. */
export interface InstallCheck {
  /** The project's package.json. */
  manifestFile: string;
  /** The dependencies that came from `workspace:` specs and now carry published ranges. */
  names: readonly string[];
  /** The template, for the command that works instead. */
  template: string;
  /** The project folder's name, for that command. */
  folder: string;
  /** Where the registry settings come from (`npm_config_*`). */
  env: NodeJS.ProcessEnv;
}

/**
 * The lines to print after scaffolding when `npm install` would not find a published range the
 * project depends on (a `warning:` and the path that works today), or could not be checked (a
 * `note:`); none when every range is on the registry. Each dependency is asked for in parallel,
 * with `checkPublished`'s short time limit.
 *
 * Why not before writing: the check needs the network and scaffolding must not; a project
 * written offline is still the right project once it can install.
 */
export async function installWarnings(check: InstallCheck): Promise<string[]> {
  if (check.names.length === 0) return [];
  const manifest = JSON.parse(await readFile(check.manifestFile, 'utf8')) as Manifest;
  const ranges: [string, string][] = [];
  for (const name of check.names) {
    const spec = DEPENDENCY_FIELDS.map(
      (field) => (manifest[field] as Record<string, unknown> | undefined)?.[name],
    ).find((value) => typeof value === 'string');
    if (typeof spec === 'string') ranges.push([name, spec]);
  }
  const answers = await Promise.all(
    ranges.map(([name, range]) => checkPublished(name, range, registryFor(name, check.env))),
  );
  const lines: string[] = [];
  for (const [i, answer] of answers.entries()) {
    const [name, range] = ranges[i]!;
    if (answer.state === 'missing') {
      lines.push(
        `warning: ${name}@${range} is not on the registry ${answer.registry}: ${answer.why}, so the install will fail until it is published.`,
      );
    } else if (answer.state === 'unknown') {
      lines.push(
        `note: could not check that ${name}@${range} is on the registry ${answer.registry} (${answer.why}); if the install answers 404, it is not published yet.`,
      );
    }
  }
  if (lines.length > 0) lines.push(unpublishedAdvice(check.template, check.folder));
  return lines;
}
