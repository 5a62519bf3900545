/**
 * What the scripts here share: loading the template's TypeScript through Vite (as `npm run dev`
 * does, so no build step), and stopping once on Ctrl-C or SIGTERM.
 */
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

/** The template's root folder. */
export const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Loads the modules at `paths` (from the root, `/src/…`) through a Vite module loader; returns
 * them and the loader, which a long-running script closes when it stops.
 */
export async function loadModules(...paths) {
  const loader = await createServer({
    root,
    configFile: false,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, watch: null },
  });
  const modules = [];
  for (const path of paths) modules.push(await loader.ssrLoadModule(path));
  return { loader, modules };
}

/** Runs `stop` once on SIGINT or SIGTERM, then exits. */
export function stopOnSignals(stop) {
  let stopping = false;
  const once = async () => {
    if (stopping) return;
    stopping = true;
    await stop();
    process.exit(0);
  };
  process.on('SIGINT', once);
  process.on('SIGTERM', once);
}
