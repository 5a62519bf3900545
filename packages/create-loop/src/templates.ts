import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CliError } from './errors.js';
import { parseManifest } from './manifest.js';
import { closest } from './suggest.js';

/** One template shipped in the tarball. */
export interface TemplateInfo {
  /** The folder name, which is what `--template` takes. */
  name: string;
  /** Absolute path of the template folder. */
  dir: string;
  /** The template package.json's `description`, shown by `--list` and the prompt. */
  description: string | undefined;
}

/**
 * Lists the templates in `templatesDir`: every folder that holds a package.json, sorted by name.
 *
 * Why discover instead of hard-coding: the build copies whatever `templates/*` holds in the
 * monorepo, so adding a template needs no change here, and `--list`, `--help`, the prompt and
 * the error for an unknown name can never disagree with what is actually shipped.
 */
export async function listTemplates(templatesDir: string): Promise<TemplateInfo[]> {
  let names: string[];
  try {
    names = await readdir(templatesDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const templates: TemplateInfo[] = [];
  // A file, or a folder without a package.json, has no package.json to read: not a template.
  for (const name of names.sort()) {
    const dir = join(templatesDir, name);
    const file = join(dir, 'package.json');
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch {
      continue;
    }
    const description = parseManifest(text, file).description;
    templates.push({
      name,
      dir,
      description: typeof description === 'string' ? description : undefined,
    });
  }
  return templates;
}

/**
 * Finds the template called `name`, or throws a `CliError` that lists the valid names.
 *
 * Why an error and not a fallback: create-vite silently falls back to a default on a typo, so
 * `--template tree` quietly scaffolds something else; failing with the closest name and the
 * list costs one retry.
 */
export function findTemplate(templates: readonly TemplateInfo[], name: string): TemplateInfo {
  const found = templates.find((t) => t.name === name);
  if (found !== undefined) return found;
  const near = closest(
    name,
    templates.map((t) => t.name),
  );
  const hint = near === undefined ? '' : `did you mean "${near}"? `;
  throw new CliError(
    `unknown template "${name}"; ${hint}valid templates: ${templateNames(templates)}`,
  );
}

/** `canvas2d, mobile, three`: the names as one comma-separated line for messages. */
export function templateNames(templates: readonly TemplateInfo[]): string {
  return templates.map((t) => t.name).join(', ');
}
