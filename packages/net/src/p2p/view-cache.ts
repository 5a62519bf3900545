/**
 * A buffer and its views by length, made the first time each length is asked for: a link hands
 * a data channel or a handler exactly `n` bytes without making a view per message, as
 * `subarray` would (a few hundred views at most, one per message size a game sends).
 */
export class ViewCache {
  readonly buffer: Uint8Array<ArrayBuffer>;
  readonly #views: (Uint8Array<ArrayBuffer> | undefined)[];

  /** A buffer of `bytes`, whose views start at `offset`. */
  constructor(
    bytes: number,
    readonly offset: number,
  ) {
    this.buffer = new Uint8Array(bytes);
    this.#views = new Array(bytes - offset + 1).fill(undefined);
  }

  /** The `n` bytes from `offset`: the same view every time for one `n`. */
  view(n: number): Uint8Array<ArrayBuffer> {
    let view = this.#views[n];
    if (view === undefined) {
      view = this.buffer.subarray(this.offset, this.offset + n);
      this.#views[n] = view;
    }
    return view;
  }
}
