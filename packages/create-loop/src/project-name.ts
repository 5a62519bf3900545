import { isValidPackageName, toValidPackageName } from './validate.js';

/**
 * Names Windows refuses for a file or folder, with or without an extension (`con`, `nul.txt`,
 * `COM1`), in any case. Why refuse them everywhere: a game made on Linux is cloned on Windows.
 */
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;

/**
 * Why the last part of the directory the user gave cannot name a new project's folder, as one
 * line, or undefined when it can. `.` is the current directory (documented, and its own name is
 * checked by the caller); `..` is the folder around it, not a new one; only dots (`...`), nothing
 * at all, only punctuation or spaces, `node_modules`, the names Windows reserves and a control
 * character anywhere in the path (a NUL threw a TypeError from the file system) are refused.
 *
 * Why refuse rather than fix: create-loop used to turn `...` into a folder named `...` holding
 * a package named `loop-game`, without a word; a folder name the user did not mean is worse
 * than an error that says which names work.
 */
export function folderNameProblem(dir: string): string | undefined {
  const shown = JSON.stringify(dir);
  // Anywhere in the path: a NUL makes Node's file system throw, and Windows refuses them all.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
  if (/[\u0000-\u001f\u007f]/.test(dir)) {
    return `${shown} holds a control character (a NUL, a tab, a line break), which no folder name can have everywhere: use letters, digits and spaces`;
  }
  const name = lastSegment(dir);
  if (name === '.') return undefined;
  if (name === '') return `${shown} names no folder: give the new game's folder a name`;
  if (name === '..') {
    return `${shown} is the folder around this one, not a new one: name the new game's folder`;
  }
  if (/^\.+$/.test(name))
    return `${shown} is only dots, which names no folder: use letters or digits`;
  if (!/[\p{L}\p{N}]/u.test(name)) {
    return `${shown} has no letter or digit: name the new game's folder with letters or digits`;
  }
  if (name.toLowerCase() === 'node_modules') {
    return `${shown} is where packages are installed, not a project: choose another name`;
  }
  if (WINDOWS_RESERVED.test(name)) {
    return `${shown} is a name Windows reserves for a device: choose another name`;
  }
  return undefined;
}

/** The last part of a path as typed, `/` and `\` both separators, trailing ones ignored. */
function lastSegment(dir: string): string {
  const parts = dir.trim().split(/[\\/]+/);
  while (parts.length > 1 && parts.at(-1) === '') parts.pop();
  return parts.at(-1)!.trim();
}

/**
 * The package name for a project in the folder `folder`, and a line that says why it differs
 * from the folder's name when it does (undefined when the folder's name is used as it is).
 *
 * Why say it: `My Game!` quietly becoming `my-game` in package.json surprises the user later,
 * when an import, a script or a publish names the package.
 */
export function packageNameFor(folder: string): { name: string; note: string | undefined } {
  const name = toValidPackageName(folder);
  if (name === folder) return { name, note: undefined };
  return {
    name,
    note: `note: package.json names the project "${name}": "${folder}" is not a valid npm package name (${nameProblems(folder).join('; ')})`,
  };
}

/** What npm's rules say of `name`, in words. */
export function nameProblems(name: string): string[] {
  const problems: string[] = [];
  if (name !== name.trim()) problems.push('spaces around it');
  const trimmed = name.trim();
  if (/[A-Z]/.test(trimmed)) problems.push('upper case letters');
  if (/\s/.test(trimmed)) problems.push('spaces');
  if (/^[._]/.test(trimmed)) problems.push('a leading dot or underscore');
  const odd = [...new Set(trimmed.replace(/[A-Za-z\d\-._\s]/g, ''))];
  if (odd.length > 0) problems.push(`characters npm does not take: ${odd.join(' ')}`);
  if (trimmed.length > 214) problems.push('more than 214 characters');
  if (problems.length === 0 && !isValidPackageName(trimmed)) {
    problems.push('a name npm reserves (node_modules, favicon.ico or a Node.js module)');
  }
  return problems;
}
