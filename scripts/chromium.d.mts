/** Types for chromium.mjs (the packages type-check without allowJs). See that file for why. */

/** The Chromium binary: $CHROMIUM_PATH, else Debian's /usr/bin/chromium. */
export declare const chromiumPath: string;

/** Headless launch flags: SwiftShader WebGL, no sandbox, no background networking. */
export declare const chromiumArgs: string[];
