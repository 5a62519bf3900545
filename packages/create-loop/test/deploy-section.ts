/**
 * The "Deploy" section of a template's README, read as data: the build command for each host
 * and, where the README gives one, the `_headers` file for Netlify. The unit test checks every
 * template's README against the rules below, and the scaffold e2e runs exactly these commands
 * on the scaffolded project (from its own README): one parse, so the docs and the test that
 * proves them cannot drift apart.
 */

/** The hosts a template's README tells how to deploy to, as each command's comment begins. */
export const HOSTS = ['GitHub Pages', 'Netlify', 'itch.io'] as const;

/** One of {@link HOSTS}. */
export type Host = (typeof HOSTS)[number];

/**
 * The comment that marks a step for a Node host: a template that runs a server of its own (the
 * multiplayer one) cannot live on a static host, and its Deploy section builds the page, then
 * starts the page and the server in one process.
 */
export const NODE_HOST = 'Node host';

/** One build command of the Deploy section. */
export interface DeployTarget {
  /** The host its comment names. */
  host: Host;
  /** The command as written, without its comment: `npm run build -- --base=./`. */
  command: string;
  /** The command split into words, to spawn as it is written. */
  argv: string[];
  /** The value of `--base`: where the built site expects to be served from. */
  base: string;
}

/** One command of a Node host's deploy: `PORT=8080 npm run start`. */
export interface ServerStep {
  /** The command as written, without its comment, environment included. */
  command: string;
  /** The command after its `NAME=value` words, split into words. */
  argv: string[];
  /** The `NAME=value` words the command starts with. */
  env: Record<string, string>;
}

/** What the Deploy section says. */
export interface DeploySection {
  /** The build commands for static hosts, in the README's order. */
  targets: DeployTarget[];
  /** The commands for a Node host ({@link NODE_HOST}), in order; empty for a static template. */
  server: ServerStep[];
  /**
   * The contents of the `public/_headers` file the section shows for Netlify (a code block after
   * the words `public/_headers`), dedented; undefined when the section shows none.
   */
  headersFile: string | undefined;
}

/** The text of `## <title>` up to the next `## ` heading; undefined when there is no such section. */
export function readmeSection(markdown: string, title: string): string | undefined {
  const start = markdown.indexOf(`\n## ${title}\n`);
  if (start === -1) return undefined;
  const next = markdown.indexOf('\n## ', start + 1);
  return markdown.slice(start + 1, next === -1 ? undefined : next + 1);
}

/** A line of a ```sh block split at its `#`: the command and the comment, both trimmed. */
function split(line: string): { command: string; comment: string } {
  const hash = line.indexOf('#');
  const command = (hash === -1 ? line : line.slice(0, hash)).trim();
  return { command, comment: hash === -1 ? '' : line.slice(hash + 1).trim() };
}

/** A Node host's line: leading `NAME=value` words are its environment, the rest its argv. */
function serverStep(command: string): ServerStep {
  const words = command.split(/\s+/);
  const env: Record<string, string> = {};
  while (words.length > 0 && /^[A-Z_][A-Z0-9_]*=/.test(words[0]!)) {
    const word = words.shift()!;
    env[word.slice(0, word.indexOf('='))] = word.slice(word.indexOf('=') + 1);
  }
  return { command, argv: words, env };
}

/** One line of a ```sh block: `<command> # <host>...`. Throws on a line the e2e could not run. */
function target(line: string): DeployTarget {
  const { command, comment } = split(line);
  const host = HOSTS.find((h) => comment.startsWith(h));
  if (host === undefined) {
    throw new Error(
      `Deploy: "${line}" does not say which host it is for (${[...HOSTS, NODE_HOST].join(', ')})`,
    );
  }
  const argv = command.split(/\s+/);
  const base = argv.find((word) => word.startsWith('--base='))?.slice('--base='.length);
  if (base === undefined) throw new Error(`Deploy: "${line}" sets no --base=`);
  return { host, command, argv, base };
}

/**
 * Parses the Deploy section of a README: every line of its ```sh blocks is a build command for
 * one static host, or a step for a Node host (its comment starts with {@link NODE_HOST}).
 * Throws when the README has no Deploy section or a line that names no host or (for a static
 * host) sets no base, so nothing in it goes untested.
 */
export function deploySection(readme: string): DeploySection {
  const text = readmeSection(readme, 'Deploy');
  if (text === undefined) throw new Error('the README has no "## Deploy" section');
  const lines = [...text.matchAll(/```sh\n([\s\S]*?)```/g)]
    .flatMap((m) => m[1]!.split('\n'))
    .filter((line) => line.trim() !== '');
  const onNode = (line: string) => split(line).comment.startsWith(NODE_HOST);
  const targets = lines.filter((line) => !onNode(line)).map(target);
  const server = lines.filter(onNode).map((line) => serverStep(split(line).command));
  const block = /`public\/_headers`[\s\S]*?\n([ \t]*)```\w*\n([\s\S]*?)\n[ \t]*```/.exec(text);
  const headersFile = block
    ? `${block[2]!
        .split('\n')
        .map((line) => line.slice(block[1]!.length))
        .join('\n')}\n`
    : undefined;
  return { targets, server, headersFile };
}

/** One rule of a Netlify `_headers` file: a path pattern and the headers it adds. */
export interface HeaderRule {
  /** The path as written: `/*`, `/assets/*`, `/index.html`. */
  path: string;
  /** Matches a URL path the rule applies to (`*` matches anything, `/` included). */
  pattern: RegExp;
  headers: Record<string, string>;
}

/**
 * Parses a Netlify `_headers` file: a line that starts in the first column is a path, the
 * indented `Name: value` lines under it its headers; `#` starts a comment. Used by the e2e's
 * Netlify stand-in, so the file the README shows is the file that is served.
 */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      const path = line.trim();
      const source = path.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
      rules.push({ path, pattern: new RegExp(`^${source.join('.*')}$`), headers: {} });
      continue;
    }
    const rule = rules.at(-1);
    const colon = line.indexOf(':');
    if (rule === undefined || colon === -1) throw new Error(`_headers: cannot read "${line}"`);
    rule.headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return rules;
}
