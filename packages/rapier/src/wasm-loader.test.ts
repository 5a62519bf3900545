import { describe, expect, it, vi } from 'vitest';
import { counted } from './counted.js';
import { WASM_DATA as wasmData } from './test-support/rapier.js';

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
 * A fresh copy of the loader and of Rapier's glue: the setup file (test-support/setup.ts) has
 * loaded the shared one already, and a load happens once per module instance.
 */
async function freshLoader() {
  vi.resetModules();
  return {
    ...(await import('./test-support/rapier.js')),
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

describe('wasmLoader', () => {
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
      /^Rapier's WebAssembly did not load from data:application\/wasm;base64,.*: HTTP 404 Not Found$/,
    );
    await rejection(
      loadRapier(undefined, () => Promise.reject(new TypeError('Failed to fetch'))),
      /: Failed to fetch$/,
    );
    await rejection(
      loadRapier(undefined, async () => new Response('', { status: 500 })),
      /: HTTP 500$/,
    ); // no status text: no space left after the code
    // A response without a body has nothing to compile.
    await rejection(
      loadRapier(undefined, async () => new Response(null)),
      /: HTTP 200$/,
    );
    await rejection(
      loadRapier(undefined, () => Promise.reject('offline')),
      /: offline$/,
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

  it('refuses a build without a URL or a size, naming the option', async () => {
    const { wasmLoader } = await import('./wasm-loader.js');
    const bindings = { __wbg_set_wasm() {} };
    expect(() => wasmLoader({ url: undefined as unknown as string, bindings, bytes: 1 })).toThrow(
      new RangeError('wasmLoader url must be a string, got undefined'),
    );
    for (const bytes of [0, 1.5, Number.NaN]) {
      expect(() => wasmLoader({ url: '/r.wasm', bindings, bytes })).toThrow(
        new RangeError(`wasmLoader bytes must be an integer >= 1, got ${bytes}`),
      );
    }
  });
});
