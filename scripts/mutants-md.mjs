/**
 * MUTANTS.md, written by the gate (mutation-score.mjs) from Stryker's report: one row per
 * mutant a `// Stryker disable` comment marks equivalent, placed by file, line and column so
 * rows that share a line stay apart, and a table of what named rules left out
 * (scripts/mutation-rules.mjs) with their reasons. The text is a function of the report only,
 * so a rerun that changes nothing writes the same bytes.
 */

/** A table as the repository's formatter (biome) writes it: columns padded to width. */
function table(head, rows) {
  const all = [head, ...rows];
  const widths = head.map((_, i) => Math.max(3, ...all.map((r) => r[i].length)));
  const line = (r) => `| ${r.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  const rule = `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`;
  return [line(head), rule, ...rows.map(line)].join('\n');
}

/** Prose wrapped at the repository's line width (100), words kept whole. */
function wrap(text, width = 100) {
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line].join('\n');
}

/** Text as a table cell: one line, pipes escaped. */
function cell(text) {
  return text.replaceAll('|', '\\|').replace(/\s+/g, ' ').trim();
}

/**
 * @param {{ packageName: string, killedSiblings?: number,
 *   equivalent: { where: string, mutator: string, replacement: string, reason: string }[],
 *   excluded: Map<string, { rule: { name: string, reason: string }, count: number }>,
 *   sharedMarks: { line: string, mutator: string, count: number }[] }} input
 */
export function mutantsMarkdown({
  packageName,
  equivalent,
  excluded,
  sharedMarks,
  killedSiblings = 0,
}) {
  const rows = equivalent.map((e) => [
    `\`${e.where}\``,
    e.mutator,
    `\`${cell(e.replacement)}\``,
    cell(e.reason),
  ]);
  const siblings =
    'A run with every comment removed (`node ../../scripts/mutation-siblings.mjs`) records what the tests make of each marked mutant in `mutation/siblings.json`: the gate counts one it found killed as killed (' +
    `${killedSiblings} here), and fails while a mark that silences more than one mutant of its mutator has one the record does not hold.`;
  const shared =
    sharedMarks.length === 0
      ? 'No mark silences more than one mutant of its mutator.'
      : `${sharedMarks.length} marks silence more than one mutant of their mutator: the rows that share a line and a mutator are the ones the record found surviving, which the reason covers.`;
  const rules =
    excluded.size === 0
      ? 'No rule leaves mutants out here.'
      : table(
          ['rule', 'mutants', 'why'],
          [...excluded.values()]
            .sort((a, b) => (a.rule.name < b.rule.name ? -1 : 1))
            .map(({ rule, count }) => [`\`${rule.name}\``, String(count), cell(rule.reason)]),
        );
  return `# Equivalent mutants

Mutants of \`${packageName}\` that no test can kill because they do not change what the code
does, each marked in the source with a \`// Stryker disable next-line <mutator>: <reason>\`
comment. A comment silences every mutant of its mutator on that line, so the table lists each
one, placed by line and column: beside an equivalent one (\`<\` made \`<=\` where both agree at
the boundary) may stand a sibling that does change behaviour (\`<\` made \`>=\`).

${wrap(`${siblings} ${shared} The gate fails when a mutant of another mutator on a marked line is not killed. This file is written by \`pnpm mutate\` from Stryker's report; every other mutant must be killed.`)}

${rows.length === 0 ? 'None.' : table(['where', 'mutator', 'mutant', 'why the line is marked'], rows)}

## Left out by rule

Mutants a named rule of the Stryker config leaves out on purpose (scripts/mutation-rules.mjs):
not claimed equivalent, only not judged by a test.

${rules}
`;
}
