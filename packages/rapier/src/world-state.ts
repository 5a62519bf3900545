import type { BodyOf, WorldClassLike, WorldLike } from './rapier-types.js';

/**
 * A Rapier world and its bodies in the game's own order, as one replayable state: the keyframes
 * of an instant replay and of a recording (`InstantReplay` of `@loop/core/replay` takes it as
 * its `Replayable`). `saveState` is `world.takeSnapshot()` as it comes, with no second copy, and
 * `loadState` restores a whole new world with `World.restoreSnapshot`: with everything the
 * simulation depends on kept inside the Rapier world, a restored world continues bit for bit as
 * the original (Patrick Dickinson, "Instant Replay: Building a Game Engine with Reproducible
 * Behavior": a session is its start state and its inputs).
 *
 * Bodies are found again in a restored world by their handles, and each gets its index back in
 * `userData` (which lives on the JavaScript side only: a snapshot does not carry it), so
 * {@link Poses.readActive} keeps working. A snapshot of another configuration (more or fewer
 * bodies, a body missing) is refused with a RangeError before the live world is touched.
 */
export class WorldState<W extends WorldLike> {
  /** Bodies by index, in the order they were added. Refreshed by `loadState`. */
  readonly bodies: BodyOf<W>[] = [];
  /** Rapier's handle of every body, by index: how bodies are found again after a restore. */
  readonly handles: number[] = [];
  /** Milliseconds all {@link step} calls took so far (wall clock): what the overlay averages. */
  stepMsTotal = 0;

  /**
   * `World`: Rapier's World class of the build the game uses (`RAPIER.World`); `world`: the
   * live world; `name`: how the errors of `loadState` name the state (`${name}.loadState: …`).
   */
  constructor(
    private readonly World: WorldClassLike<W>,
    public world: W,
    readonly name = 'WorldState',
  ) {
    if (typeof World?.restoreSnapshot !== 'function') {
      throw new RangeError(`WorldState World must be Rapier's World class, got ${String(World)}`);
    }
  }

  /** Bodies held: the length of every pose array. */
  get count(): number {
    return this.bodies.length;
  }

  /** Adds a body of `world` at the next index, which it returns (and keeps in `userData`). */
  add(body: BodyOf<W>): number {
    const index = this.bodies.length;
    body.userData = index;
    this.bodies.push(body);
    this.handles.push(body.handle);
    return index;
  }

  /**
   * Advances the world by one fixed step of exactly `dt` seconds (`world.timestep = dt`, then one
   * `world.step()`): never the frame time, so the physics plays the same at any frame rate
   * (Glenn Fiedler, "Fix Your Timestep!"). Timed into {@link stepMsTotal}, Rapier's share of the
   * step, which every game's overlay shows.
   */
  step(dt: number): void {
    const world = this.world;
    world.timestep = dt;
    const start = performance.now();
    world.step();
    this.stepMsTotal += performance.now() - start;
  }

  /** The whole simulation state as bytes: one copy out of WebAssembly memory. */
  saveState(): Uint8Array {
    return this.world.takeSnapshot();
  }

  /**
   * Replaces the world with one restored from `bytes` (this run's `saveState` or a recording's).
   * The new world is checked first (as many bodies, each at its handle) and the live one freed
   * only then: a state of another configuration throws a RangeError and leaves this world and
   * its bodies as they were.
   */
  loadState(bytes: Uint8Array): void {
    let world: W | null | undefined;
    try {
      world = this.World.restoreSnapshot(bytes);
    } catch {
      // Bytes Rapier cannot read: world stays undefined, refused below as null is.
    }
    if (!world) throw new RangeError(`${this.name}.loadState: Rapier could not read the snapshot`);
    const why = this.missing(world);
    if (why) {
      world.free();
      throw new RangeError(`${this.name}.loadState: not a state of this game: ${why}`);
    }
    this.world.free();
    this.world = world;
    for (let i = 0; i < this.handles.length; i++) {
      const body = world.getRigidBody(this.handles[i]!) as BodyOf<W>;
      body.userData = i;
      this.bodies[i] = body;
    }
  }

  /** Frees Rapier's WebAssembly memory: when the game goes away (an HMR dispose). */
  free(): void {
    this.world.free();
  }

  /** Why `world` is not a world of these bodies, or '' when it is. */
  private missing(world: W): string {
    const held = world.bodies.len();
    const count = this.handles.length;
    if (held !== count) return `it holds ${held} bodies, this game ${count}`;
    for (let i = 0; i < count; i++) {
      const handle = this.handles[i]!;
      if (!world.getRigidBody(handle)) return `body ${i} (handle ${handle}) is missing`;
    }
    return '';
  }
}
