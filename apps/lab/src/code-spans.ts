/**
 * The lab's words are written as plain strings with Markdown's one piece of inline markup
 * they need: `code` between backticks (`t += dt`, `maxSteps`). This splits such a string into
 * its runs, so the page renders code as code and never shows a backtick; pure, so Node tests
 * it. An unpaired backtick is kept as text: a typo shows, it does not swallow the sentence.
 */

/** One run of a string: plain text, or the inside of a code span. */
export interface TextRun {
  readonly text: string;
  readonly code: boolean;
}

/** The runs of `text`, in order, empty ones left out. */
export function codeSpans(text: string): TextRun[] {
  const parts = text.split('`');
  // An even number of parts means an odd number of backticks: the last one is unpaired.
  const unpaired = parts.length % 2 === 0;
  const runs: TextRun[] = [];
  for (let i = 0; i < parts.length; i++) {
    const stray = unpaired && i === parts.length - 1;
    const text = stray ? `\`${parts[i]}` : parts[i]!;
    if (text !== '') runs.push({ text, code: !stray && i % 2 === 1 });
  }
  return runs;
}
