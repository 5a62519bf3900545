import { basename, join, resolve } from 'node:path';
import { parseCliArgs } from './args.js';
import { paint } from './color.js';
import { CancelledError, CliError } from './errors.js';
import { DEFAULT_DIR, helpText } from './help.js';
import { installWarnings } from './install-warning.js';
import { cdPathFor, nextSteps } from './next-steps.js';
import {
  packageRoot,
  readOwnVersion,
  readWorkspaceVersions,
  templatesDir,
} from './package-files.js';
import { detectPackageManager } from './package-manager.js';
import { folderNameProblem, packageNameFor } from './project-name.js';
import { scaffold } from './scaffold.js';
import { signalExitCode } from './staging.js';
import { describeEntries, entriesToRemove, realTarget, targetProblem } from './target.js';
import { findTemplate, listTemplates, type TemplateInfo, templateNames } from './templates.js';
import { findPnpmWorkspace, planWorkspaceLink, readTemplateManifest } from './workspace.js';
import { workspaceDependencyNames } from './workspace-deps.js';

/**
 * create-loop from argv to a finished project: parse flags, answer --help/--version/--list,
 * fill in the rest from prompts (only with a TTY), check the target, scaffold, print next steps.
 * Every user-facing failure is thrown as `CliError` / `CancelledError` for `index.ts` to print.
 */
export async function main(argv: readonly string[]): Promise<void> {
  const args = parseCliArgs(argv, process.env);
  const root = packageRoot();
  if (args.version) {
    console.log(await readOwnVersion(root));
    return;
  }
  const templates = await listTemplates(templatesDir(root));
  if (args.help) {
    process.stdout.write(helpText(templates.map((t) => t.name)));
    return;
  }
  if (templates.length === 0) {
    throw new CliError(
      `no templates in ${templatesDir(root)}; this create-loop was not built correctly`,
    );
  }
  if (args.list) {
    printList(templates);
    return;
  }

  const cwd = process.cwd();
  const interactive = args.interactive ?? process.stdin.isTTY === true;
  const { template, overwrite, confirmed, ...chosen } = await fillIn(
    args,
    templates,
    cwd,
    interactive,
  );
  const dir = chosen.dir ?? DEFAULT_DIR;
  const target = realTarget(resolve(cwd, dir));
  checkTarget(dir, overwrite, cwd);
  const removing = overwrite ? entriesToRemove(target) : [];
  if (removing.length > 0) {
    if (confirmed)
      console.log(`Overwriting: removing from ${target}: ${describeEntries(removing)}`);
    else if (interactive) await (await import('./prompts.js')).confirmRemoval(target, removing);
    else console.log(`--overwrite: removing from ${target}: ${describeEntries(removing)}`);
  }

  const { name: packageName, note } = packageNameFor(basename(target));
  if (note !== undefined) console.log(note);
  const versions = await readWorkspaceVersions();
  const link = planWorkspaceLink(
    await findPnpmWorkspace(target),
    await readTemplateManifest(template.dir),
    target,
  );
  console.log(`Scaffolding ${paint('cyan', template.name)} in ${target} ...`);
  // A kept `workspace:` spec installs only with pnpm, whoever ran us.
  const linked = link.keep.size > 0;
  const pm = linked ? 'pnpm' : detectPackageManager(process.env.npm_config_user_agent).name;
  const files = await scaffold({
    templateDir: template.dir,
    target,
    packageName,
    versions,
    keepWorkspace: link.keep,
    overwrite,
    packageManager: pm,
    removing,
    onInterrupt: (signal) => {
      process.stderr.write(`create-loop: ${new CancelledError().message}\n`);
      process.exit(signalExitCode(signal));
    },
  });

  if (link.message !== undefined) console.log(link.message);
  const steps = nextSteps(pm, cdPathFor(cwd, target), linked ? packageName : undefined);
  console.log(`${paint('green', 'Done.')} ${files} files, package "${packageName}". Now run:\n`);
  for (const step of steps) console.log(`  ${step}`);
  console.log('');
  // Published ranges that may not exist: not when the workspace's copy is kept, nor when
  // `pnpm create:local` points the dependency at a packed tarball next (it sets the variable).
  if (!linked && process.env.CREATE_LOOP_VENDORED !== '1')
    await warnIfUnpublished(target, template);
}

/** What the command line and the prompts decided. */
interface Choices {
  dir: string | undefined;
  template: TemplateInfo;
  overwrite: boolean;
  /** An overwrite chosen at the prompt, confirmed there with the list of what goes. */
  confirmed: boolean;
}

/**
 * The directory, template and overwrite from the command line, the rest asked for when
 * `interactive` (a directory given is checked before any prompt). Throws when no template was
 * given and none can be asked for.
 */
async function fillIn(
  args: ReturnType<typeof parseCliArgs>,
  templates: readonly TemplateInfo[],
  cwd: string,
  interactive: boolean,
): Promise<Choices> {
  let template: TemplateInfo | undefined =
    args.template === undefined ? undefined : findTemplate(templates, args.template);
  let dir = args.targetDir;
  let overwrite = args.overwrite;
  if (dir !== undefined) checkTarget(dir, overwrite, cwd);
  let confirmed = false;
  if (interactive && (dir === undefined || template === undefined)) {
    const { ask } = await import('./prompts.js');
    const answers = await ask({ dir, template, templates, overwrite, cwd });
    ({ dir, template } = answers);
    confirmed = answers.overwrite && !overwrite;
    overwrite = answers.overwrite;
  }
  if (template === undefined) {
    throw new CliError(
      `no template given and no prompt possible (stdin is not a TTY or --no-interactive): pass --template <name>, one of: ${templateNames(templates)}`,
    );
  }
  return { dir, template, overwrite, confirmed };
}

/** `--list`: one template a line, its description in a column after the longest name. */
function printList(templates: readonly TemplateInfo[]): void {
  const width = Math.max(...templates.map((t) => t.name.length));
  for (const t of templates) {
    console.log(t.description ? `${t.name.padEnd(width)}  ${t.description}` : t.name);
  }
}

/** Prints `installWarnings` for the project in `target`: the last thing the user reads. */
async function warnIfUnpublished(target: string, template: TemplateInfo): Promise<void> {
  const warnings = await installWarnings({
    manifestFile: join(target, 'package.json'),
    names: workspaceDependencyNames(await readTemplateManifest(template.dir)),
    template: template.name,
    folder: basename(target),
    env: process.env,
  });
  for (const line of warnings) console.log(line);
  if (warnings.length > 0) console.log('');
}

/**
 * Fails early (before any prompt) when `dir` cannot take the project: a name that makes no
 * folder (folderNameProblem), or a target that cannot receive it (targetProblem).
 */
function checkTarget(dir: string, overwrite: boolean, cwd: string): void {
  const target = resolve(cwd, dir);
  const problem =
    folderNameProblem(dir) ??
    folderNameProblem(basename(target)) ??
    targetProblem(realTarget(target), overwrite, cwd);
  if (problem !== undefined) throw new CliError(problem);
}
