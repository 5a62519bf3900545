/** A run of consecutive bodies, `start` to `start + count - 1`, drawn by one instanced mesh. */
export interface Range {
  readonly start: number;
  readonly count: number;
}

/**
 * Splits `count` bodies into `parts` contiguous ranges whose sizes differ by at most one, in
 * order: range 0 starts at body 0 and each range starts where the one before it ends.
 *
 * Why: one `InstancedMesh` draws one shape in one draw call, and its matrices are one flat
 * array. When the bodies of a shape sit next to each other in the simulation's arrays, each
 * mesh reads one slice of the blended positions and orientations (a `subarray` view made once
 * at setup), so a frame copies nothing and looks nothing up per body.
 */
export function splitRanges(count: number, parts: number): Range[] {
  if (!Number.isInteger(count) || count < 0 || !Number.isInteger(parts) || parts < 1) {
    throw new RangeError(
      `splitRanges: count must be an integer >= 0 and parts an integer >= 1, got ${count} and ${parts}`,
    );
  }
  const ranges: Range[] = [];
  let start = 0;
  for (let part = 0; part < parts; part++) {
    // The first count % parts ranges take one body more.
    const size = Math.floor(count / parts) + (part < count % parts ? 1 : 0);
    ranges.push({ start, count: size });
    start += size;
  }
  return ranges;
}
