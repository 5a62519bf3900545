import { loadRapier } from 'virtual:rapier-wasm';
import { createInput, createScope, requireWebGL, stylePage } from '@loop/core/dom';
import { showLoading } from '@loop/rapier';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { Game } from './game';

const scene = document.querySelector<HTMLElement>('#scene')!;
const hud = document.querySelector<HTMLElement>('#hud')!;
stylePage({ hud }); // the HUD panel's style; style.css holds what is this game's own

/** Everything this module starts, stopped in one call when a hot update replaces it. */
const scope = createScope();
// Keys, taps on the scene and the HUD's key buttons, sampled once per fixed step (src/boxes.tsx).
const input = scope.add(createInput({ pointer: scene, buttons: hud, preventDefault: ['Space'] }));

const loading = showLoading();
try {
  await loadRapier(loading.progress);
  loading.done();
  // Without WebGL there is no <Canvas> to hold the loop: the page says so instead of a blank
  // scene and an uncaught error. Else the game and the page's React tree, undone by the scope
  // (Rapier's memory after the tree: a scope undoes in reverse order).
  if (requireWebGL()) {
    const game = new Game();
    scope.add(() => game.world.free());
    const root = createRoot(scene);
    root.render(
      <StrictMode>
        <App game={game} input={input} hud={hud} />
      </StrictMode>,
    );
    scope.add(() => root.unmount());
  }
} catch (error) {
  loading.fail(error);
}

if (import.meta.hot) {
  // An edit re-runs this module: stop everything it started, so two loops never run.
  import.meta.hot.dispose(scope.dispose);
  import.meta.hot.accept();
}
