/** Replaced at build time (`define` of `rapierGameConfig` in vite.config.ts; see `buildId` of @loop/rapier/vite). */
declare const __BUILD__: string;

/**
 * This build's id: a hash of the game's source and of the Rapier and @loop/core versions.
 * Recordings carry it, and a recording from another build is refused when loaded, because the
 * same inputs on other code (or another physics engine version) play out differently.
 */
export const BUILD: string = __BUILD__;
