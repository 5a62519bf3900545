/**
 * What the scripts here share: loading the template's TypeScript through Vite (as `npm run dev`
 * does, so no build step). The environment's settings and stopping on signals are @loop/net's
 * (hostOptionsFromEnv, stopOnSignals).
 */
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

/** The template's root folder. */
export const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Loads the modules at `paths` (from the root, `/src/…`) through a Vite module loader; returns
 * them and the loader, which a long-running script closes when it stops. The loader opens no
 * socket: in middleware mode Vite would open its HMR WebSocket on port 24678 of every
 * interface (`hmr: false` alone does not stop it), which `npm start` in production, and every
 * game process of `dev:cluster`, must not; `ws: false` does.
 */
export async function loadModules(...paths) {
  const loader = await createServer({
    root,
    configFile: false,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  });
  const modules = [];
  for (const path of paths) modules.push(await loader.ssrLoadModule(path));
  return { loader, modules };
}
