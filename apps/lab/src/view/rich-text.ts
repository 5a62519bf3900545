import { codeSpans } from '../code-spans.js';

/**
 * The nodes that show `text` with its code spans as `<code>` (see {@link codeSpans}): for
 * `element.replaceChildren(...richText(text))` wherever the lab shows its own words, so no
 * backtick reaches the page. Called when a view is built, never per frame.
 */
export function richText(text: string): (string | HTMLElement)[] {
  return codeSpans(text).map((run) => {
    if (!run.code) return run.text;
    const code = document.createElement('code');
    code.textContent = run.text;
    return code;
  });
}
