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

/**
 * startServer's operator port and matchmaking limits from the environment, unset ones left to
 * its defaults: OPERATOR_PORT (0: a free one), OPERATOR_HOST (default 127.0.0.1),
 * ALLOWED_ORIGINS (comma-separated origins besides the page's own), MAX_BODY_BYTES,
 * CREATES_PER_CLIENT (rooms one address may make a minute), MAX_ROOMS_PER_PROCESS, and
 * TRUST_PROXY=1 behind a proxy (players counted by the address it adds to X-Forwarded-For).
 * `forwardedFor` is matchmake-route.ts's, loaded with the server.
 */
export function serverLimits(forwardedFor, env = process.env) {
  const number = (name) => (env[name] ? Number(env[name]) : undefined);
  return {
    operatorPort: number('OPERATOR_PORT'),
    operatorHost: env.OPERATOR_HOST || undefined,
    allowedOrigins: env.ALLOWED_ORIGINS?.split(',').filter(Boolean),
    maxBodyBytes: number('MAX_BODY_BYTES'),
    createsPerClient: number('CREATES_PER_CLIENT'),
    maxRoomsPerProcess: number('MAX_ROOMS_PER_PROCESS'),
    clientAddress: env.TRUST_PROXY === '1' ? forwardedFor : undefined,
  };
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
