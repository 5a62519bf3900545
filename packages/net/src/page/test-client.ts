import type { Link } from '../link/link.js';
import { defineWire } from '../wire/define-wire.js';
import { MSG_PONG, MSG_SNAPSHOT } from '../wire/messages.js';
import { NetClient, type NetClientOptions } from './net-client.js';
import {
  BODY_BYTES,
  decodeToy,
  encodeToy,
  INPUT_BYTES,
  SEATS,
  SnapshotFrame,
  STRIDE,
  ToyWorld,
  toyModel,
  writeToyInput,
} from './test-game.js';

/**
 * Test support for NetClient's tests (not shipped code under test): a link in memory that
 * records what the client sent and hands it messages, so a test plays the server by hand.
 */
export class FakeLink implements Link {
  readonly sent: [number, Uint8Array][] = [];
  readonly #handlers = new Map<number, (bytes: Uint8Array) => void>();
  sendBytes(type: number, bytes: Uint8Array): void {
    this.sent.push([type, bytes.slice()]);
  }
  onMessage(type: number, handler: (bytes: Uint8Array) => void): void {
    this.#handlers.set(type, handler);
  }
  deliver(type: number, bytes: Uint8Array): void {
    this.#handlers.get(type)!(bytes);
  }
  of(type: number): Uint8Array[] {
    return this.sent.filter(([t]) => t === type).map(([, b]) => b);
  }
}

/** The toy game's wire: 3-byte inputs at 60 Hz. */
export const toyWire = defineWire({
  inputBytes: INPUT_BYTES,
  tickRate: 60,
  snapshotBodyBytes: BODY_BYTES,
});
/** Numbers per entity in the toy client's interpolation frames: x, y. */
export const FRAME_STRIDE = 2;

/** The toy game's client settings, over `toyWire`. */
export function toyClientOptions(
  options: Partial<NetClientOptions<ToyWorld>> = {},
): NetClientOptions<ToyWorld> {
  return {
    wire: toyWire,
    model: toyModel,
    predictor: { snapDistance: 48 },
    frameSize: (SEATS + 1) * FRAME_STRIDE,
    decode: (frame, world, header) => decodeToy(frame, world, header.tick),
    fill: (frame, world) => {
      for (let e = 0; e <= SEATS; e++) {
        frame[e * FRAME_STRIDE] = world.state[e * STRIDE]!;
        frame[e * FRAME_STRIDE + 1] = world.state[e * STRIDE + 1]!;
      }
    },
    ...options,
  };
}

/**
 * A toy client at local time `t.now` on a {@link FakeLink}, a server world, and ways to send
 * the client that world as a snapshot and to answer a ping: what every NetClient test starts
 * from.
 */
export function setup(options: Partial<NetClientOptions<ToyWorld>> = {}) {
  const t = { now: 0 };
  const link = new FakeLink();
  const client = new NetClient(link, toyClientOptions({ now: () => t.now, ...options }));
  const world = new ToyWorld();
  const frame = new SnapshotFrame(BODY_BYTES);
  const snapshot = (ack: number, missed: number, slot = 0) => {
    encodeToy(frame, world);
    link.deliver(MSG_SNAPSHOT, frame.stamp(ack, missed, slot).slice());
  };
  const pong = (sent: number, server: number) =>
    link.deliver(MSG_PONG, new Uint8Array(new Float64Array([sent, server]).buffer));
  const setInput = (x: number, y: number, buttons: number) =>
    writeToyInput(client.input, 0, x, y, buttons);
  return { t, link, client, world, frame, snapshot, pong, setInput };
}
