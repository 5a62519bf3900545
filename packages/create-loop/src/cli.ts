import { basename, resolve } from 'node:path';
import { parseCliArgs } from './args.js';
import { paint } from './color.js';
import { CancelledError, CliError } from './errors.js';
import { DEFAULT_DIR, helpText } from './help.js';
import { cdPathFor, nextSteps } from './next-steps.js';
import {
  packageRoot,
  readOwnVersion,
  readWorkspaceVersions,
  templatesDir,
} from './package-files.js';
import { detectPackageManager } from './package-manager.js';
import { scaffold } from './scaffold.js';
import { signalExitCode } from './staging.js';
import { describeEntries, entriesToRemove, realTarget, targetProblem } from './target.js';
import { findTemplate, listTemplates, type TemplateInfo, templateNames } from './templates.js';
import { toValidPackageName } from './validate.js';
import { findPnpmWorkspace, planWorkspaceLink, readTemplateManifest } from './workspace.js';

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
    const width = Math.max(...templates.map((t) => t.name.length));
    for (const t of templates) {
      console.log(t.description ? `${t.name.padEnd(width)}  ${t.description}` : t.name);
    }
    return;
  }

  const cwd = process.cwd();
  let template: TemplateInfo | undefined =
    args.template === undefined ? undefined : findTemplate(templates, args.template);
  let dir = args.targetDir;
  if (dir !== undefined) checkTarget(resolve(cwd, dir), args.overwrite, cwd);
  const interactive = args.interactive ?? process.stdin.isTTY === true;
  if (interactive && (dir === undefined || template === undefined)) {
    const { ask } = await import('./prompts.js');
    ({ dir, template } = await ask({ dir, template, templates, overwrite: args.overwrite, cwd }));
  }
  if (template === undefined) {
    throw new CliError(
      `no template given and no prompt possible (stdin is not a TTY or --no-interactive): pass --template <name>, one of: ${templateNames(templates)}`,
    );
  }
  dir ??= DEFAULT_DIR;
  const target = realTarget(resolve(cwd, dir));
  checkTarget(target, args.overwrite, cwd);
  const removing = args.overwrite ? entriesToRemove(target) : [];
  if (removing.length > 0) {
    if (interactive) await (await import('./prompts.js')).confirmRemoval(target, removing);
    else console.log(`--overwrite: removing from ${target}: ${describeEntries(removing)}`);
  }

  const packageName = toValidPackageName(basename(target));
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
    overwrite: args.overwrite,
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
}

/** Fails early (before any prompt) when the target cannot take the project: see targetProblem. */
function checkTarget(target: string, overwrite: boolean, cwd: string): void {
  const problem = targetProblem(target, overwrite, cwd);
  if (problem !== undefined) throw new CliError(problem);
}
