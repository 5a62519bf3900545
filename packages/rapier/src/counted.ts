/** Told how many bytes of Rapier's WebAssembly have arrived, of `total`; first with 0. */
export type LoadProgress = (loaded: number, total: number) => void;

/**
 * `body` passed through unchanged, telling `onProgress` the bytes that went through so far of
 * `total`: first 0, then after every chunk. Counted after the browser has undone any
 * compression, so the figures match the file's own size (`total`) whatever the host sends:
 * the progress of {@link wasmLoader}, usable for any download a page wants to show.
 */
export function counted(
  body: ReadableStream<Uint8Array>,
  total: number,
  onProgress?: LoadProgress,
): ReadableStream<Uint8Array> {
  let loaded = 0;
  onProgress?.(loaded, total);
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        loaded += chunk.byteLength;
        onProgress?.(loaded, total);
        controller.enqueue(chunk);
      },
    }),
  );
}
