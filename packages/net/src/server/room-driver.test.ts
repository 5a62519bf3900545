import { Recording } from '@loop/core/replay';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CLOSE_FLOOD,
  CLOSE_MALFORMED,
  CLOSE_OVERSIZE,
  MAX_STRIKES,
  MSG_INPUT,
  MSG_PING,
  MSG_PONG,
  MSG_SNAPSHOT,
} from '../wire/messages.js';
import { SNAPSHOT_HEADER_BYTES } from '../wire/snapshot-frame.js';
import { CLOSE_JOIN_TIMEOUT } from './close-reason.js';
import { FLOOD_LIMIT, MAX_BUFFERED, MESSAGE_BURST, SLOW_SECONDS } from './guards.js';
import { RoomDriver } from './room-driver.js';
import { replaySession } from './session-recorder.js';
import { DriverHarness } from './test-driver.js';
import { TEST_SEATS, TEST_TICK_RATE, TestPeer, testGame, testInput } from './test-game.js';

/** A snapshot's header fields, read back. */
function header(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    tick: view.getUint32(0, true),
    ack: view.getInt32(4, true),
    missed: view.getUint16(8, true),
    slot: view.getUint8(10),
  };
}

describe('RoomDriver over peers in memory', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('steps only once a client joins, and sends snapshots at the snapshot rate, stamped per client', () => {
    const h = new DriverHarness({ snapshotRate: 20 });
    expect(h.room.loop.running).toBe(false);
    const a = h.join('a');
    const b = h.join('b');
    expect(h.room.loop.running).toBe(true);
    expect([h.seat(a).slot, h.seat(b).slot]).toEqual([0, 1]);
    h.room.receive(h.seat(a), testInput(2, [5, -5], [3, 3]));
    h.step(6);
    const snapshots = a.of(MSG_SNAPSHOT);
    expect(snapshots.map((s) => header(s).tick)).toEqual([3, 6]); // 20 Hz at 60: every third
    expect(snapshots[0]!.byteLength).toBe(testGame.wire.snapshotBytes);
    expect(header(snapshots[1]!)).toEqual({ tick: 6, ack: 2, missed: 4, slot: 0 });
    expect(header(b.of(MSG_SNAPSHOT)[1]!)).toEqual({ tick: 6, ack: -1, missed: 6, slot: 1 });
    // The input of tick 2 is held through tick 6: 3 + 5 × 5 along x.
    expect([...h.room.state.positions.subarray(0, 2)]).toEqual([3 + 5 * 5, 3 - 5 * 5]);
    const body = new DataView(snapshots[1]!.buffer, SNAPSHOT_HEADER_BYTES);
    expect(body.getUint8(0)).toBe(0b11); // the present bits of the test game's body
    expect(h.room.stats.ticks).toBe(6);
    expect(h.room.stats.bytesOut).toBe(4 * testGame.wire.snapshotBytes);
  });

  it('keeps the time of its longest step and the sum of all, whatever order they came in', () => {
    const h = new DriverHarness({ snapshotRate: 20 });
    h.join('a');
    // Each step reads the clock as it starts and as it ends: steps of 3, 7, 7 and 2 ms.
    const reads = [0, 3, 10, 17, 20, 27, 30, 32];
    vi.spyOn(performance, 'now').mockImplementation(() => reads.shift()!);
    h.step(4);
    expect(reads).toEqual([]);
    expect([h.room.stats.ticks, h.room.stats.stepMs, h.room.stats.maxStepMs]).toEqual([4, 19, 7]);
  });

  it('steps on in a page that is hidden: a room served in the page (LinkPeer) never pauses', async () => {
    vi.stubGlobal('document', {
      visibilityState: 'hidden',
      addEventListener: () => {},
      removeEventListener: () => {},
    });
    const room = new RoomDriver(testGame, { log: () => {} }); // on its timer, as served
    try {
      room.join(new TestPeer('a'));
      await vi.waitFor(() => expect(room.tick).toBeGreaterThanOrEqual(3), { timeout: 5000 });
    } finally {
      room.dispose();
    }
  });

  it('sends nothing to a client before it acknowledges its join, and cuts it after joinSeconds', () => {
    const h = new DriverHarness({ limits: { joinSeconds: 0.5 } });
    const honest = h.join('honest');
    const mute = h.join('mute', false);
    h.step(TEST_TICK_RATE / 2);
    expect(mute.closed).toBeUndefined();
    expect(mute.sent).toEqual([]);
    h.step(1);
    expect(mute.closed).toEqual({ code: CLOSE_JOIN_TIMEOUT, reason: 'join not acknowledged' });
    expect(honest.closed).toBeUndefined();
    expect(honest.of(MSG_SNAPSHOT).length).toBeGreaterThan(0);
    expect(h.lines).toEqual(['kicked mute (4408): join not acknowledged']);
  });

  it('answers a ping with the client stamp and the simulated time; a malformed ping is a strike', () => {
    const h = new DriverHarness();
    const a = h.join('a');
    h.step(3);
    const ping = new Float64Array([123.5]);
    h.room.message(h.seat(a), MSG_PING, new Uint8Array(ping.buffer));
    const pong = new Float64Array(a.of(MSG_PONG)[0]!.slice().buffer);
    expect(pong[0]).toBe(123.5);
    expect(pong[1]).toBeCloseTo(3 * (1000 / TEST_TICK_RATE), 9);
    h.room.message(h.seat(a), MSG_PING, new Uint8Array(7));
    expect([h.room.refused.malformed, h.seat(a).strikes]).toEqual([1, 1]);
  });

  it(`kicks with ${CLOSE_MALFORMED} at ${MAX_STRIKES} strikes (unknown types and malformed inputs), counting each`, () => {
    const h = new DriverHarness();
    const a = h.join('a');
    for (let i = 0; i < 5; i++) h.room.message(h.seat(a), 99, new Uint8Array(1));
    for (let i = 0; i < 5; i++) h.room.message(h.seat(a), MSG_INPUT, new Uint8Array(3));
    expect(h.room.refused).toMatchObject({ unknown: 5, malformed: 5 });
    expect(a.closed).toEqual({ code: CLOSE_MALFORMED, reason: 'malformed messages' });
    h.room.message(h.seat(a), 99, new Uint8Array(1)); // dropped: kicked
    expect(h.room.refused.unknown).toBe(5);
    h.step(TEST_TICK_RATE + 1); // kickGraceSeconds: 1
    expect(a.terminated).toBe(true);
  });

  it(`kicks with ${CLOSE_OVERSIZE} at once for an input message over the wire's size`, () => {
    const h = new DriverHarness();
    const a = h.join('a');
    h.room.message(h.seat(a), MSG_INPUT, new Uint8Array(testGame.wire.maxInputMessageBytes + 1));
    expect([h.room.refused.oversize, a.closed?.code]).toEqual([1, CLOSE_OVERSIZE]);
  });

  it('counts late and early inputs without a strike', () => {
    const h = new DriverHarness();
    const a = h.join('a');
    h.step(10);
    h.room.message(h.seat(a), MSG_INPUT, testInput(10, [1, 1]));
    h.room.message(h.seat(a), MSG_INPUT, testInput(11 + 2 * TEST_TICK_RATE, [1, 1]));
    expect(h.room.refused).toMatchObject({ late: 1, early: 1 });
    expect(h.seat(a).strikes).toBe(0);
  });

  it(`ignores messages past the budget, and kicks with ${CLOSE_FLOOD} a client that keeps flooding`, () => {
    const h = new DriverHarness();
    const a = h.join('a');
    const b = h.join('b');
    for (let i = 0; i < MESSAGE_BURST + 60; i++)
      h.room.message(h.seat(a), MSG_PING, new Uint8Array(8));
    expect(h.room.refused.flood).toBe(60);
    expect(a.of(MSG_PONG).length).toBe(MESSAGE_BURST);
    h.step(10); // 40 more messages' worth
    for (let i = 0; i < 41; i++) h.room.message(h.seat(a), MSG_PING, new Uint8Array(8));
    expect(h.room.refused.flood).toBe(61);
    for (let i = 0; i < FLOOD_LIMIT; i++) h.room.message(h.seat(a), MSG_PING, new Uint8Array(8));
    expect(a.closed?.code).toBe(CLOSE_FLOOD);
    expect(b.closed).toBeUndefined();
  });

  it('holds snapshots back from a client that stops reading, cuts it after SLOW_SECONDS, and serves the others', () => {
    const h = new DriverHarness({ snapshotRate: 60 });
    const slow = h.join('slow');
    const honest = h.join('honest');
    h.step(1);
    slow.unsent = MAX_BUFFERED + 1;
    const sent = slow.sent.length;
    h.step(SLOW_SECONDS * TEST_TICK_RATE + 1);
    expect(slow.terminated).toBe(false);
    expect(h.room.refused.slow).toBe(SLOW_SECONDS * TEST_TICK_RATE + 1);
    h.step(1);
    expect(slow.terminated).toBe(true);
    expect(slow.sent.length).toBe(sent);
    expect(honest.of(MSG_SNAPSHOT).length).toBe(SLOW_SECONDS * TEST_TICK_RATE + 3);
    expect(h.lines).toEqual(['cut slow: stopped reading']);
  });

  it('lets a slow client that reads again have its snapshots back', () => {
    const h = new DriverHarness({ snapshotRate: 60 });
    const a = h.join('a');
    a.unsent = MAX_BUFFERED + 1;
    h.step(10);
    a.unsent = MAX_BUFFERED;
    h.step(1);
    expect([a.of(MSG_SNAPSHOT).length, h.seat(a).slowSince]).toEqual([1, -1]);
  });

  it('keeps a dropped seat for reconnectSeconds with its input let go, then gives up on it', () => {
    const h = new DriverHarness({ reconnectSeconds: 1 });
    const a = h.join('a');
    const seat = h.seat(a);
    h.room.receive(seat, testInput(1, [7, 7]));
    h.step(1);
    a.state = 'leaving';
    expect(h.room.drop(seat, false)).toBe(true);
    let gaveUp = 0;
    seat.giveUp = () => {
      gaveUp++;
      h.room.free(seat);
    };
    expect([...h.room.inputs.subarray(0, 2)]).toEqual([0, 0]);
    h.step(TEST_TICK_RATE);
    expect([gaveUp, h.room.present[0]]).toEqual([0, 1]);
    h.step(1);
    expect([gaveUp, h.room.present[0], h.room.seatOf('a')]).toEqual([1, 0, undefined]);
    h.step(5);
    expect(gaveUp).toBe(1);
  });

  it('resumes the same seat on a reconnection, and frees at once when consented, kicked, or reconnectSeconds is 0', () => {
    const h = new DriverHarness();
    const a = h.join('a');
    const seat = h.seat(a);
    h.step(2);
    h.room.drop(seat, false);
    const back = h.join('z'); // another client takes the next free seat meanwhile
    expect(h.seat(back).slot).toBe(1);
    const again = new TestPeer('a2');
    again.state = 'joined';
    h.room.resume(seat, again);
    expect([h.room.seatOf('a'), h.room.seatOf('a2')?.slot, seat.away, seat.since]).toEqual([
      undefined,
      0,
      -1,
      2,
    ]);
    h.step(3);
    expect(again.of(MSG_SNAPSHOT).length).toBe(1);
    expect(h.room.drop(seat, true)).toBe(false);
    expect(h.room.present[0]).toBe(0);
    const off = new DriverHarness({ reconnectSeconds: 0 });
    const b = off.join('b');
    expect(off.room.drop(off.seat(b), false)).toBe(false);
  });

  it('refuses a join past its seats', () => {
    const h = new DriverHarness();
    for (let i = 0; i < TEST_SEATS; i++) h.join(`p${i}`);
    expect(h.room.join(new TestPeer('y'))).toBeUndefined();
  });

  it('records the session and replays it bit for bit, through joins, leaves and a reconnection', () => {
    const h = new DriverHarness({ recordSeconds: 60 });
    const a = h.join('a');
    h.step(5);
    const b = h.join('b');
    for (let t = 6; t < 200; t++) {
      if (h.room.seatOf('a')?.away === -1)
        h.room.receive(h.seat(a), testInput(t + 1, [(t % 7) - 3, 2]));
      if (t % 3 === 0 && t < 100) h.room.receive(h.seat(b), testInput(t + 1, [1, (t % 5) - 2]));
      if (t === 100) h.room.free(h.seat(b));
      if (t === 120) h.join('c');
      if (t === 150) h.room.drop(h.seat(a), false);
      if (t === 160) h.room.resume(h.room.seatOf('a')!, a);
      h.step(1);
    }
    const recording = Recording.fromBytes(h.room.recorder!.recording().toBytes(), testGame.build);
    const replayed = replaySession(testGame, recording);
    expect(replayed.tick).toBe(h.room.tick);
    expect([...replayed.state.positions]).toEqual([...h.room.state.positions]);
    // b left, and c took its seat afresh and never moved.
    expect([h.room.seatOf('c')?.slot, h.room.state.positions[2]]).toEqual([1, 1000]);
    expect(() => Recording.fromBytes(recording.toBytes(), 'test-0')).toThrow();
  });

  it("writes inputs straight into the game's own table when the game names one", () => {
    const table = new Int8Array(8);
    const room = new RoomDriver({ ...testGame, inputsOf: () => table }, { scheduler: 'manual' });
    expect(room.inputs).toBe(table);
  });

  it('records nothing with recordSeconds 0, and checks the game it is given', () => {
    expect(new DriverHarness({ recordSeconds: 0 }).room.recorder).toBeUndefined();
    expect(() => new RoomDriver({ ...testGame, maxPlayers: 0 })).toThrow(
      new RangeError('game maxPlayers must be an integer from 1 to 254, got 0'),
    );
    expect(() => new RoomDriver({ ...testGame, build: '' })).toThrow('game build must be');
    expect(() => new RoomDriver({ ...testGame, step: undefined as never })).toThrow(
      'game step must be a function, got undefined',
    );
    expect(() => new RoomDriver({ ...testGame, inputsOf: 1 as never })).toThrow(
      'game inputsOf must be a function, got 1',
    );
    expect(() => new RoomDriver({ ...testGame, inputsOf: () => new Int8Array(7) })).toThrow(
      'game inputsOf must give an Int8Array of 8, got 0,0,0,0,0,0,0',
    );
    expect(() => new RoomDriver(testGame, { snapshotRate: 61 })).toThrow(
      'room snapshotRate must be a number from 1 to 60, got 61',
    );
  });
});
