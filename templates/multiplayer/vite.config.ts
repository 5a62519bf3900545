import { gameServer } from '@loop/net/vite';
import { defineConfig } from 'vite';

/**
 * `npm run dev` is one command and one URL: @loop/net's Vite plugin runs this game's server
 * (src/server/server.ts's startServer) inside Vite's process and proxies /colyseus to it. After
 * an edit under src/server/, restart `npm run dev`; the page hot-reloads as usual. Under
 * `npm run dev:cluster` (GAME_EXTERNAL=1) it starts nothing and sends /colyseus to the cluster.
 */
export default defineConfig({ plugins: [gameServer({ module: '/src/server/server.ts' })] });
