import wasmData from '@dimforge/rapier3d/rapier_wasm3d_bg.wasm?inline';
import { describe, expect, it, vi } from 'vitest';
import { counted } from './load-rapier';

/** A response whose body arrives in the given chunks, as a download does. */
function chunked(chunks: Uint8Array[], init?: ResponseInit): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  return new Response(body, init);
}

/** Rapier's WebAssembly cut into chunks of `size` bytes. */
async function wasmChunks(size: number): Promise<Uint8Array[]> {
  const bytes = new Uint8Array(await (await fetch(wasmData)).arrayBuffer());
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  return chunks;
}

/**
 * A fresh copy of the loader and of Rapier's glue: the setup file (rapier.test-setup.ts) has
 * loaded the shared one already, and a load happens once per module instance.
 */
async function freshLoader() {
  vi.resetModules();
  return {
    ...(await import('./load-rapier')),
    RAPIER: (await import('@dimforge/rapier3d')).default,
  };
}

/** Awaits `promise`'s rejection: an Error (not a bare value), its message matching `pattern`. */
async function rejection(promise: Promise<unknown>, pattern: RegExp): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  expect((error as Error).message).toMatch(pattern);
}

describe('counted', () => {
  it('passes the bytes through unchanged and reports 0, then the running sum after each chunk', async () => {
    const events: [number, number][] = [];
    const body = chunked([new Uint8Array([1, 2, 3]), new Uint8Array([4, 5, 6, 7, 8])]).body!;
    const out = counted(body, 8, (loaded, total) => events.push([loaded, total]));
    expect(events).toEqual([[0, 8]]);
    expect([...new Uint8Array(await new Response(out).arrayBuffer())]).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8,
    ]);
    expect(events).toEqual([
      [0, 8],
      [3, 8],
      [8, 8],
    ]);
  });
});

describe('loadRapier', () => {
  it('compiles the file as it streams in, reporting every chunk up to the whole file, once', async () => {
    const { loadRapier, RAPIER_WASM_BYTES, RAPIER } = await freshLoader();
    const chunks = await wasmChunks(256 * 1024);
    const events: [number, number][] = [];
    await loadRapier(
      (loaded, total) => events.push([loaded, total]),
      async () => chunked(chunks),
    );
    // The recording: 0 first, one event per chunk, all of the file last, against its size.
    expect(events.length).toBe(chunks.length + 1);
    expect(events[0]).toEqual([0, RAPIER_WASM_BYTES]);
    expect(events.at(-1)).toEqual([RAPIER_WASM_BYTES, RAPIER_WASM_BYTES]);
    for (let i = 1; i < events.length; i++) {
      expect(events[i]![0] - events[i - 1]![0]).toBe(chunks[i - 1]!.byteLength);
    }
    // Rapier works, and a second call neither loads again nor reports.
    const world = new RAPIER.World({ x: 0, y: -9.81, z: 0 });
    world.step();
    world.free();
    const source = vi.fn(async () => chunked(chunks));
    const again = vi.fn();
    await loadRapier(again, source);
    expect(source).not.toHaveBeenCalled();
    expect(again).not.toHaveBeenCalled();
  });

  it('names the file and the reason when it fails, and tries again on the next call', async () => {
    const { loadRapier } = await freshLoader();
    await rejection(
      loadRapier(
        undefined,
        async () => new Response('gone', { status: 404, statusText: 'Not Found' }),
      ),
      /^Rapier's WebAssembly did not load from .*rapier_wasm3d_bg.*\.wasm: HTTP 404 Not Found$/,
    );
    await rejection(
      loadRapier(undefined, () => Promise.reject(new TypeError('Failed to fetch'))),
      /\.wasm: Failed to fetch$/,
    );
    await rejection(
      loadRapier(undefined, async () => new Response('', { status: 500 })),
      /\.wasm: HTTP 500$/,
    ); // no status text: no space left after the code
    // A response without a body has nothing to compile.
    await rejection(
      loadRapier(undefined, async () => new Response(null)),
      /\.wasm: HTTP 200$/,
    );
    await rejection(
      loadRapier(undefined, () => Promise.reject('offline')),
      /\.wasm: offline$/,
    );
    await expect(
      loadRapier(undefined, async () => new Response(new Uint8Array([0, 97, 115, 109]))),
    ).rejects.toThrow(WebAssembly.CompileError);
    const events: number[] = [];
    await loadRapier(
      (loaded) => events.push(loaded),
      async () => chunked(await wasmChunks(1 << 20)),
    );
    expect(events.length).toBeGreaterThan(1);
  });
});
