/** Links: the page side's one view of a connection, an in-memory pair, and a network conditioner. */
export { Conditioner, type ConditionerOptions } from './conditioner.js';
export type { Link, MessageHandler } from './link.js';
export { createLinkPair, MemoryLink } from './memory-link.js';
export { Path, type PathSettings } from './path.js';
