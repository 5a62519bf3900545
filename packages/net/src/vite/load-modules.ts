import { createServer, type ViteDevServer } from 'vite';

/** What {@link loadModules} returns: the modules, in order, and the loader to close. */
export interface LoadedModules {
  // biome-ignore lint/suspicious/noExplicitAny: a script's modules are whatever the game exports
  readonly modules: any[];
  readonly loader: ViteDevServer;
}

/**
 * Loads a game's TypeScript modules at `paths` (from `root`, `/src/…`) through a Vite module
 * loader, as `npm run dev` loads them, so a script (`npm start`, a game process, the load test)
 * needs no build step. The loader opens no socket: in middleware mode Vite would open its HMR
 * WebSocket on port 24678 of every interface (`hmr: false` alone does not stop it), which a
 * production server and every process of a cluster must not; `ws: false` does. A long-running
 * script closes the loader when it stops.
 */
export async function loadModules(root: string, ...paths: string[]): Promise<LoadedModules> {
  const loader = await createServer({
    root,
    configFile: false,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  });
  const modules = [];
  try {
    for (const path of paths) modules.push(await loader.ssrLoadModule(path));
  } catch (error) {
    await loader.close();
    throw error;
  }
  return { loader, modules };
}
