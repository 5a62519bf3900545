import { RoomDriver } from './room-driver.js';
import type { RoomOptions } from './room-options.js';
import type { Refused } from './seat.js';
import { TestPeer, type TestState, testGame } from './test-game.js';

/** A room's refusals when it refused nothing: every reason it knows, at 0. */
export const NO_REFUSALS: Readonly<Refused> = {
  malformed: 0,
  oversize: 0,
  late: 0,
  early: 0,
  unknown: 0,
  flood: 0,
  slow: 0,
};

/**
 * Test support (not code under test): a {@link RoomDriver} of the test game on the manual
 * scheduler and a clock the test owns, and peers in memory. The test drives time and reads
 * what came of it, never how long it took.
 */
export class DriverHarness {
  /** The room's clock, in ms: moved only by {@link step}, a whole number of steps from 1 s. */
  now = 1000;
  #frames = 0;
  readonly lines: string[] = [];
  readonly room: RoomDriver<TestState>;

  constructor(options: RoomOptions = {}) {
    this.room = new RoomDriver(testGame, {
      scheduler: 'manual',
      now: () => this.now,
      log: (line) => this.lines.push(line),
      ...options,
    });
  }

  /** A client that joined and acknowledged it (`ack`), as a page does. */
  join(id: string, ack = true): TestPeer {
    const peer = new TestPeer(id);
    this.room.join(peer);
    if (ack) peer.state = 'joined';
    if (this.room.loop.now === 0) this.room.loop.frame(this.now); // the baseline frame: no step
    return peer;
  }

  /** Steps the room by `ticks` fixed steps, one frame per step. */
  step(ticks: number): void {
    for (let i = 0; i < ticks; i++) {
      this.now = 1000 + (++this.#frames * 1000) / testGame.wire.tickRate; // never summed: no drift
      this.room.loop.frame(this.now);
    }
  }

  /** The seat of `peer`, which must have one. */
  seat(peer: TestPeer) {
    const seat = this.room.seatOf(peer.id);
    if (!seat) throw new Error(`${peer.id} has no seat`);
    return seat;
  }
}
