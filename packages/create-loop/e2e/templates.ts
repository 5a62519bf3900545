/** Every template the tarball ships and `--list` names: each one is scaffolded end to end. */
export const TEMPLATES = [
  'canvas2d',
  'mobile',
  'multiplayer',
  'r3f',
  'rapier',
  'rollback',
  'three',
] as const;

/** A template's name. */
export type Template = (typeof TEMPLATES)[number];
