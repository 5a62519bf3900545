/**
 * A TypeDoc plugin: the reference grouped by job (reference.mjs) instead of by kind.
 *
 * - Each export gets its job as its TypeDoc group, so an entry's page lists its exports under
 *   "Loops", "Clock", "Blending" rather than "Functions" and "Interfaces"; the members a job
 *   names come in the order it names them. An export in no job, or a job member that no entry
 *   exports, is an error: the build fails naming it.
 * - The reference's front page (src/reference/index.md) becomes the overview by job: for each
 *   package, each job, its guide, and a table of its exports with the first sentence of each
 *   doc comment.
 * - Every export's page starts with the import that brings it in, from the right entry point.
 * - src/reference/jobs.json is the sidebar's data (.vitepress/config.mts reads it): per package,
 *   its jobs and their exports.
 * - Several packages (PACKAGES): jobs, names and their order belong to a package; the overview
 *   has a section per package, and a package whose entries export nothing yet is left out.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { Comment, CommentTag, Converter, ReflectionKind } from 'typedoc';
import { MarkdownPageEvent, MarkdownRendererEvent } from 'typedoc-plugin-markdown';
import { ENTRIES, exportsNothing, JOBS, moduleName, PACKAGES, packageOf } from './reference.mjs';

/**
 * The first sentence of a reflection's doc comment, on one line, safe in a table cell; a
 * `{@link X}` shows as `X` in code.
 */
function summary(reflection) {
  const comment = reflection.comment ?? reflection.signatures?.[0]?.comment;
  const text = (comment?.summary ?? [])
    .map((part) => (part.kind === 'inline-tag' ? `\`${part.text}\`` : part.text))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  const sentence = /^.*?[.!?](?=\s|$)/.exec(text)?.[0] ?? text;
  // Outside code spans a bare `<roomId>` would reach VitePress as an HTML tag: escape it.
  const escaped = sentence
    .split('`')
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/</g, '\\<')))
    .join('`');
  return escaped.replace(/\|/g, '\\|');
}

/** Whether an export is a type only (imported with `import type`). */
function typeOnly(reflection) {
  return reflection.kindOf(ReflectionKind.Interface | ReflectionKind.TypeAlias);
}

/** Sets the @group tag TypeDoc's GroupPlugin groups by, on the comment it reads first. */
function setGroup(reflection, group) {
  const comment =
    reflection.comment ??
    reflection.signatures?.[0]?.comment ??
    // biome-ignore lint/suspicious/noAssignInExpressions: a comment for an export that had none
    (reflection.comment = new Comment());
  comment.blockTags = comment.blockTags.filter((tag) => tag.tag !== '@group');
  comment.blockTags.push(new CommentTag('@group', [{ kind: 'text', text: group }]));
}

/** The key of an export in a package: names repeat across packages, not within one. */
const key = (pkg, name) => `${pkg} ${name}`;

/** @param {import('typedoc-plugin-markdown').MarkdownApplication} app */
export function load(app) {
  /** Package and export name -> { job, order } for the members JOBS names. */
  const named = new Map(
    JOBS.flatMap((job) =>
      (job.members ?? []).map((name, order) => [key(packageOf(job), name), { job, order }]),
    ),
  );
  /** Per package (PACKAGES' order), the jobs as the reference shows them, with their exports. */
  const packages = [];
  /** A reflection's place in its job's members, or last. */
  const order = (reflection) =>
    named.get(key(packageOfModule(reflection.parent), reflection.name))?.order ??
    Number.POSITIVE_INFINITY;

  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    const modules = context.project.children ?? [];
    const byTitle = new Map();
    const jobFor = (pkg, title) => {
      if (!byTitle.has(key(pkg, title))) {
        const known = JOBS.find((job) => packageOf(job) === pkg && job.title === title);
        byTitle.set(key(pkg, title), {
          package: pkg,
          title,
          blurb: known?.blurb,
          guide: known?.guide,
          members: [],
        });
      }
      return byTitle.get(key(pkg, title));
    };
    for (const job of JOBS) jobFor(packageOf(job), job.title);
    const used = new Set();
    for (const entry of ENTRIES) {
      const pkg = packageOf(entry);
      const name = moduleName(entry.subpath, pkg);
      const module = modules.find((child) => child.name === name);
      if (!module) {
        // A stub (`export {}`) makes no module at all; anything else is a missing @module tag.
        if (!exportsNothing(entry)) {
          app.logger.error(`reference: no module ${name}: does its index.ts say @module ${name}?`);
        }
        continue;
      }
      for (const reflection of module.children ?? []) {
        const member = named.get(key(pkg, reflection.name));
        const title = member?.job.title ?? entry.job;
        if (title === undefined) {
          app.logger.error(
            `reference: ${reflection.name} (${name}) is in no job: name it in a job's members in apps/docs/reference.mjs`,
          );
          continue;
        }
        if (member) used.add(key(pkg, reflection.name));
        setGroup(reflection, title);
        const job = jobFor(pkg, title);
        job.module ??= member ? undefined : module;
        job.members.push(reflection);
      }
    }
    for (const [name, { job }] of named) {
      if (!used.has(name)) {
        app.logger.error(
          `reference: ${name.split(' ')[1]} is named in reference.mjs but exported by no entry of ${packageOf(job)}`,
        );
      }
    }
    packages.length = 0;
    for (const pkg of PACKAGES) {
      const jobs = [...byTitle.values()].filter(
        (job) => job.package === pkg.name && job.members.length > 0,
      );
      for (const job of jobs) job.members.sort((a, b) => order(a) - order(b));
      if (jobs.length > 0) packages.push({ ...pkg, jobs });
    }
  });

  // After TypeDoc's GroupPlugin has grouped (priority 0): a job's named members in its order.
  app.converter.on(
    Converter.EVENT_RESOLVE_END,
    (context) => {
      for (const module of context.project.children ?? []) {
        for (const group of module.groups ?? []) group.children.sort((a, b) => order(a) - order(b));
      }
    },
    -100,
  );

  /** Page URL (relative to the reference folder, `.md`) of each reflection with a page. */
  const urls = new Map();
  app.renderer.on(MarkdownRendererEvent.BEGIN, (event) => {
    urls.clear();
    for (const page of event.pages) urls.set(page.model, page.url);
  });

  app.renderer.on(MarkdownPageEvent.END, (page) => {
    if (page.contents === undefined) return;
    const model = page.model;
    if (model.isProject()) {
      page.contents = overview(page, urls, packages);
    } else if (model.parent?.kindOf(ReflectionKind.Module) && urls.get(model) === page.url) {
      const keyword = typeOnly(model) ? 'import type' : 'import';
      const line = `${keyword} { ${model.name} } from '${model.parent.name}';`;
      page.contents = page.contents.replace(/^(# .*\n)/, `$1\n\`\`\`ts\n${line}\n\`\`\`\n`);
    }
  });

  app.renderer.on(MarkdownRendererEvent.END, (event) => {
    const link = (url) =>
      `/reference/${url.replace(/(^|\/)index\.md$/, '$1').replace(/\.md$/, '')}`;
    const sidebar = packages.map((pkg) => ({
      package: pkg.name,
      jobs: pkg.jobs.map((job) => ({
        title: job.title,
        items: job.members.map((r) => ({ text: r.name, link: link(pageOf(urls, r)) })),
      })),
    }));
    writeFileSync(
      join(event.outputDirectory, 'jobs.json'),
      `${JSON.stringify(sidebar, null, 2)}\n`,
    );
  });
}

/**
 * The page of a reflection: its own, or for a re-export (a type two entries both export, one of
 * them as a reference) the page of what it names.
 */
function pageOf(urls, reflection) {
  return urls.get(reflection) ?? urls.get(reflection.getTargetReflectionDeep?.());
}

/** The package an entry's module belongs to: its name up to the subpath. */
function packageOfModule(module) {
  return PACKAGES.find((p) => module.name === p.name || module.name.startsWith(`${p.name}/`))?.name;
}

/** A link from the overview page (at `from`) to a guide page (a VitePress link). */
function guideLink(from, guide) {
  const [path, hash] = guide.link.replace(/^\//, '').split('#');
  const target = posix.relative(posix.join('reference', from), `${path}.md`);
  return `[${guide.text}](${target}${hash ? `#${hash}` : ''})`;
}

/**
 * The overview page: per package, its blurb and guide, its entry points, then each job with a
 * table of its exports.
 */
function overview(page, urls, packages) {
  const from = dirname(page.url);
  const rel = (url) => posix.relative(from, url) || url;
  const lines = [
    '# Reference',
    '',
    `Every export of ${packages.map((p) => `\`${p.name}\``).join(', ')}, grouped by the job it`,
    'does. Each page starts with the import that brings it in; a game that never imports an entry',
    'point carries none of it.',
  ];
  for (const pkg of packages) {
    lines.push('', `## ${pkg.name}`, '', pkg.blurb);
    if (pkg.guide) lines.push('', `Guide: ${guideLink(from, pkg.guide)}`);
    lines.push('', '| Entry point | What it holds |', '| --- | --- |');
    for (const entry of ENTRIES.filter((e) => packageOf(e) === pkg.name)) {
      const name = moduleName(entry.subpath, pkg.name);
      const module = page.project.children?.find((c) => c.name === name);
      if (module) lines.push(`| [\`${name}\`](${rel(urls.get(module))}) | ${summary(module)} |`);
    }
    for (const job of pkg.jobs) {
      lines.push('', `### ${job.title}`, '');
      const blurb = job.blurb ?? (job.module ? summary(job.module) : '');
      if (blurb) lines.push(blurb, '');
      if (job.guide) lines.push(`Guide: ${guideLink(from, job.guide)}`, '');
      lines.push('| Export | Kind | Import from | What it is |', '| --- | --- | --- | --- |');
      for (const member of job.members) {
        const kind = ReflectionKind.singularString(member.kind).toLowerCase();
        lines.push(
          `| [${member.name}](${rel(pageOf(urls, member))}) | ${kind} | \`${member.parent.name}\` | ${summary(member)} |`,
        );
      }
    }
  }
  return `${lines.join('\n')}\n`;
}
