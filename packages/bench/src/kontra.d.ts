/**
 * kontra ships its ES module as `kontra.mjs` without an `exports` map, so Node's ESM loader
 * picks the IIFE build for a bare `'kontra'` import. The bench imports the `.mjs` file by path;
 * this gives that path kontra's own type declarations.
 */
declare module 'kontra/kontra.mjs' {
  import kontra = require('kontra');
  export = kontra;
}
