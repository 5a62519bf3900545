/**
 * The rules of the arena as numbers, read by the simulation on the server and on every page.
 * Change the game here: both ends pick the change up, because they run the same code. Sizes in
 * arena units (one unit is one CSS pixel at the default zoom), speeds in units per second.
 */

/** Fixed steps per second, on the server and in every page's prediction. */
export const TICK_RATE = 60;
/** The fixed timestep in milliseconds, as `@loop/core`'s `Clock` and `createLoop` take it. */
export const TIMESTEP_MS = 1000 / TICK_RATE;
/** The fixed timestep in seconds, as the simulation integrates it. */
export const DT = 1 / TICK_RATE;

/** The arena's size. With {@link GRID} this must stay under 2048 to fit a snapshot's Int16. */
export const WIDTH = 1280;
export const HEIGHT = 720;

/** Seats in a room: player slots are entities 0 to MAX_PLAYERS − 1. */
export const MAX_PLAYERS = 8;
/** Shared bodies (crates) that players push around: entities after the players. */
export const BODIES = 16;
/** Every entity: players first, then bodies. */
export const ENTITIES = MAX_PLAYERS + BODIES;

export const PLAYER_RADIUS = 20;
export const BODY_RADIUS = 28;
/** Inverse masses: a crate is three times as heavy as a player, so a push is felt. */
export const PLAYER_INV_MASS = 1;
export const BODY_INV_MASS = 1 / 3;

/**
 * A player's acceleration at full stick and its top speed, both times {@link BOOST} when
 * boosting. Damping alone would stop a player at ACCELERATION × DT / (1 − PLAYER_DAMPING), 417
 * units per second: the cap is what a player feels.
 */
export const ACCELERATION = 3000;
export const MAX_SPEED = 360;
export const BOOST = 1.5;
/** Fraction of velocity kept each step: players stop quickly, crates slide. */
export const PLAYER_DAMPING = 0.88;
export const BODY_DAMPING = 0.96;
/** Bounciness of contacts (0 dead, 1 elastic), between entities and against the walls. */
export const RESTITUTION = 0.4;

/**
 * The grid every position and velocity sits on after each step: 1/16 of a unit (and of a unit
 * per second). The state is rounded to it on both ends, so a snapshot quantized to 16ths
 * carries the exact state: a page that rewinds to a snapshot continues bit for bit as the
 * server does ("State Synchronization", Glenn Fiedler: quantize on both sides).
 */
export const GRID = 16;
/** Speed cap of any entity, per axis, so a velocity always fits a snapshot's Int16. */
export const SPEED_LIMIT = 2000;
