/**
 * The candidate `input` was most likely meant to be, or undefined when none is close: the same
 * name in other case (`Three`), else the nearest by edit distance (a letter missing, extra,
 * wrong or two swapped: `tree`, `thre`, `tehre`) within a third of the name's length.
 *
 * Why: an error that says "did you mean three?" costs the user one glance; a bare list of valid
 * names makes them compare letters. create-vite offers no suggestion at all.
 */
export function closest(input: string, candidates: readonly string[]): string | undefined {
  // The same name in other case is at distance 0: no candidate comes before it.
  const lower = input.toLowerCase();
  const limit = Math.max(1, Math.floor(input.length / 3));
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const candidate of candidates) {
    const d = editDistance(lower, candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

/** Edits (insert, delete, replace, swap two neighbours) that turn `a` into `b`. */
export function editDistance(a: string, b: string): number {
  // rows[i][j]: distance between the first i letters of a and the first j of b.
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const up = rows[i - 1]!;
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(up[j]! + 1, row[j - 1]! + 1, up[j - 1]! + cost);
      // A swap of the letters before: at the first letter of either word, a[i - 2] or b[j - 2]
      // is undefined, which no letter equals.
      if (a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      }
      row.push(d);
    }
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}
