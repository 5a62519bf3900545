import type { Link, MessageHandler } from '../link/link.js';
import type { RollbackGame } from './game.js';
import type { RollbackOptions } from './options.js';
import { RollbackSession } from './session.js';
import { saveViews } from './test-game.js';

/**
 * Test support for the garbage guard (not shipped): peers whose whole world allocates nothing
 * once warm, so the young generation's growth over a stretch of ticks is the session's own
 * garbage. The links queue copies of each packet in slots made once (delivered through one
 * buffer with a view of every length, made at once), delay each by a latency with jitter drawn from an integer hash, lose some
 * and so reorder them; the game moves integer dots; time counts whole ms (small integers, never
 * boxed). The conditioner and the dots game of the other tests are not used: they allocate a
 * little per packet or per step (views of new lengths, boxed doubles), which is not the
 * session's.
 */

/** The timestep in whole ms: the mesh's time stays a small integer. */
export const QUIET_STEP = 16;
const SLOTS = 64;
const SLOT_BYTES = 2048;

/** An integer hash kept in V8's small-integer range (30 bits), so no result is ever boxed. */
export function smallHash(x: number): number {
  let h = Math.imul(x ^ (x >>> 15), 0x2c1b3c6d);
  h = Math.imul(h ^ (h >>> 12), 0x297a2d39);
  return (h ^ (h >>> 15)) & 0x3fffffff;
}

/** One direction of a pair: slots of bytes with a due time, delivered when due in any order. */
class QuietChannel {
  readonly #bytes = Array.from({ length: SLOTS }, () => new Uint8Array(SLOT_BYTES));
  /** Where a packet is copied to be delivered, and a view of it of every length, made at once. */
  readonly #out = new Uint8Array(SLOT_BYTES);
  readonly #views = Array.from({ length: SLOT_BYTES + 1 }, (_, n) => this.#out.subarray(0, n));
  readonly #due = new Int32Array(SLOTS).fill(-1);
  readonly #types = new Int32Array(SLOTS);
  readonly #lengths = new Int32Array(SLOTS);
  #sent = 0;
  receiver: QuietLink | undefined;

  constructor(
    readonly seed: number,
    readonly latency: number,
    readonly jitter: number,
    /** Per 1000 packets lost. */
    readonly loss: number,
  ) {}

  send(now: number, type: number, bytes: Uint8Array): void {
    const h = smallHash(this.seed * 65_537 + this.#sent++);
    if (h % 1000 < this.loss) return;
    for (let s = 0; s < SLOTS; s++) {
      if (this.#due[s] !== -1) continue;
      this.#bytes[s]!.set(bytes);
      this.#lengths[s] = bytes.byteLength;
      this.#types[s] = type;
      this.#due[s] = now + this.latency + ((h >> 10) % (2 * this.jitter + 1)) - this.jitter;
      return;
    }
  }

  pump(now: number): void {
    for (let s = 0; s < SLOTS; s++) {
      const due = this.#due[s]!;
      if (due === -1 || due > now) continue;
      this.#due[s] = -1;
      this.#out.set(this.#bytes[s]!);
      this.receiver?.deliver(this.#types[s]!, this.#views[this.#lengths[s]!]!);
    }
  }
}

/** One end of a pair, as a session sees it. */
class QuietLink implements Link {
  readonly #handlers: (MessageHandler | undefined)[] = new Array(256).fill(undefined);

  constructor(
    readonly out: QuietChannel,
    readonly clock: { now: number },
  ) {}

  sendBytes(type: number, bytes: Uint8Array): void {
    this.out.send(this.clock.now, type, bytes);
  }

  onMessage(type: number, handler: MessageHandler): void {
    this.#handlers[type] = handler;
  }

  deliver(type: number, bytes: Uint8Array): void {
    this.#handlers[type]?.(bytes);
  }
}

/**
 * A game of dots that allocates nothing: integer positions and velocities, and a part of each
 * other kind of typed array (a heading, a spin, a timer, flags) so the session's hashing and
 * copying meet six kinds of array, as a real game's may (a Rapier world's poses are floats).
 */
export function quietGame(players: number): RollbackGame {
  const pos = new Int32Array(players * 2);
  const vel = new Int32Array(players * 2);
  const heading = new Float64Array(players);
  const spin = new Float32Array(players);
  const timer = new Int16Array(players);
  const flags = new Uint8Array(players);
  for (let p = 0; p < players; p++) pos[p * 2] = p * 1000;
  return {
    inputWords: 2,
    parts: [
      { name: 'pos', array: pos, stride: 2, item: 'player' },
      { name: 'vel', array: vel, stride: 2, item: 'player' },
      { name: 'heading', array: heading, item: 'player' },
      { name: 'spin', array: spin, item: 'player' },
      { name: 'timer', array: timer, item: 'player' },
      { name: 'flags', array: flags, item: 'player' },
    ],
    step(inputs, tick, present) {
      for (let p = 0; p < players; p++) {
        if (!(present & (1 << p))) continue;
        for (let k = 0; k < 2; k++) {
          const i = p * 2 + k;
          vel[i] = ((vel[i]! * 7) >> 3) + inputs[i]! + (tick & 1);
          pos[i] = (pos[i]! + vel[i]! + pos[(i + 2) % pos.length]! / 64) | 0;
        }
        heading[p] = heading[p]! * 0.5 + inputs[p * 2]! * 0.25;
        spin[p] = spin[p]! * 0.75 + inputs[p * 2 + 1]! * 0.125;
        timer[p] = (timer[p]! + 1) % 1000;
        flags[p] = inputs[p * 2]! > 0 ? 1 : 0;
      }
    },
  };
}

/**
 * {@link quietGame} as an opaque game (the way a Rapier world is given): its state saved into
 * and loaded from bytes of its own, its parts written by `capture`, a checksum of its own (kept
 * a small integer, so returning it boxes nothing), and nothing allocated.
 */
export function quietOpaqueGame(players: number): RollbackGame {
  const inner = quietGame(players);
  const views = inner.parts.map(
    (part) => new Uint8Array(part.array.buffer, part.array.byteOffset, part.array.byteLength),
  );
  const bytes = new Uint8Array(views.reduce((sum, v) => sum + v.length, 0));
  const words = new Int32Array(inner.parts[0]!.array.buffer);
  return {
    inputWords: inner.inputWords,
    parts: inner.parts,
    step: inner.step,
    save() {
      return saveViews(views, bytes);
    },
    load(from) {
      let at = 0;
      for (const v of views) for (let i = 0; i < v.length; i++) v[i] = from[at++]!;
    },
    capture() {},
    checksum() {
      let h = 0;
      for (let i = 0; i < words.length; i++) h = (Math.imul(h, 31) + words[i]!) & 0x3fffffff;
      return h;
    },
  };
}

/** Options of a {@link QuietMesh}. */
export interface QuietMeshOptions {
  players: number;
  seed: number;
  /** One-way latency and jitter in ms, loss per 1000 packets. */
  latency: number;
  jitter: number;
  loss: number;
  /** Session options for every peer (record, syncTest). */
  session?: Partial<RollbackOptions>;
  /** Each peer's game (default {@link quietGame}). */
  game?: (players: number) => RollbackGame;
}

/**
 * 2 to 8 peers joined pairwise by quiet links; {@link run} advances time ms by ms, pumping
 * every channel and updating every peer each {@link QUIET_STEP} ms, with scripted inputs that
 * change every few ticks so predictions fail and sessions roll back.
 */
export class QuietMesh {
  readonly clock = { now: 0 };
  readonly sessions: RollbackSession[] = [];
  readonly #channels: QuietChannel[] = [];
  /** Called once per peer update, after its input is written (a leak for the self-check). */
  onUpdate: (() => void) | undefined;

  constructor(readonly o: QuietMeshOptions) {
    const n = o.players;
    const links: (Link | null)[][] = Array.from({ length: n }, () => new Array(n).fill(null));
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const seed = o.seed * 64 + i * 8 + j;
        const ij = new QuietChannel(seed, o.latency, o.jitter, o.loss);
        const ji = new QuietChannel(seed + 4096, o.latency, o.jitter, o.loss);
        const a = new QuietLink(ij, this.clock);
        const b = new QuietLink(ji, this.clock);
        ij.receiver = b;
        ji.receiver = a;
        links[i]![j] = a;
        links[j]![i] = b;
        this.#channels.push(ij, ji);
      }
    }
    for (let local = 0; local < n; local++) {
      this.sessions.push(
        new RollbackSession({
          game: (o.game ?? quietGame)(n),
          players: n,
          local,
          links: links[local]!,
          timestep: QUIET_STEP,
          now: () => this.clock.now,
          ...o.session,
        }),
      );
    }
  }

  /** Advances time by `ms` whole ms. */
  run(ms: number): void {
    const sessions = this.sessions;
    for (let t = 0; t < ms; t++) {
      const now = ++this.clock.now;
      for (let c = 0; c < this.#channels.length; c++) this.#channels[c]!.pump(now);
      if (now % QUIET_STEP !== 0) continue;
      for (let i = 0; i < sessions.length; i++) {
        const s = sessions[i]!;
        const h = smallHash(this.o.seed * 31 + i * 7919 + (s.frame >> 3));
        s.input[0] = (h % 5) - 2;
        s.input[1] = ((h >> 8) % 5) - 2;
        this.onUpdate?.();
        s.update(now);
      }
    }
  }
}
