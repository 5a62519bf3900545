import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { CLOSE_REFUSED, CLOSE_SEAT_TAKEN } from '../protocol.js';
import { resolveSignalServerOptions } from './server-options.js';
import { createSignalServer, type SignalServer } from './signal-server.js';

/**
 * The signaling server on loopback, with raw `ws` clients playing pages and strangers: each
 * fault a stranger can commit closes its own connection with its code, and the pages seated
 * beside it carry on (they are told nothing, and still reach each other).
 */
let server: SignalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A raw client: its frames as they come, and its close code once closed. */
function client(port: number) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}`);
  const texts: unknown[] = [];
  const packets: Buffer[] = [];
  const waiters: (() => void)[] = [];
  const wake = () => {
    for (const w of waiters.splice(0)) w();
  };
  socket.on('message', (data, isBinary) => {
    if (isBinary) packets.push(data as Buffer);
    else texts.push(JSON.parse(String(data)));
    wake();
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  const opened = new Promise<void>((resolve) => socket.on('open', () => resolve()));
  /** Resolves once `test` holds over what has come. */
  const until = (test: () => boolean) =>
    new Promise<void>((resolve) => {
      const check = () => (test() ? resolve() : waiters.push(check));
      check();
    });
  return { socket, texts, packets, closed, opened, until };
}

async function seated(port: number, match: string, seat: number) {
  const c = client(port);
  await c.opened;
  c.socket.send(JSON.stringify({ t: 'join', match, seat }));
  await c.until(() => c.texts.some((m) => (m as { t: string }).t === 'joined'));
  return c;
}

describe('createSignalServer', () => {
  it('seats pages, tells each who comes and goes, forwards signals with from, relays packets', async () => {
    server = await createSignalServer();
    const a = await seated(server.port, 'm1', 0);
    expect(a.texts[0]).toEqual({ t: 'joined', seat: 0, peers: [] });
    const b = await seated(server.port, 'm1', 3);
    expect(b.texts[0]).toEqual({ t: 'joined', seat: 3, peers: [0] });
    await a.until(() => a.texts.length === 2);
    expect(a.texts[1]).toEqual({ t: 'peer', seat: 3 });
    a.socket.send(JSON.stringify({ t: 'offer', to: 3, sdp: 'v=0' }));
    a.socket.send(JSON.stringify({ t: 'candidate', to: 3, candidate: 'c', mid: '0' }));
    await b.until(() => b.texts.length === 3);
    expect(b.texts.slice(1)).toEqual([
      { t: 'offer', from: 0, sdp: 'v=0' },
      { t: 'candidate', from: 0, candidate: 'c', mid: '0' },
    ]);
    b.socket.send(Buffer.from([0, 7, 1, 2, 3]));
    await a.until(() => a.packets.length === 1);
    expect([...a.packets[0]!]).toEqual([3, 7, 1, 2, 3]);
    const other = await seated(server.port, 'm2', 0);
    expect(other.texts[0]).toEqual({ t: 'joined', seat: 0, peers: [] });
    b.socket.close();
    await a.until(() => a.texts.length === 3);
    expect(a.texts[2]).toEqual({ t: 'left', seat: 3 });
    expect(server.matches.get('m1')!.seats[3]).toBeUndefined();
    a.socket.close();
    other.socket.close();
    await Promise.all([a.closed, other.closed]);
    await new Promise((r) => setTimeout(r, 20));
    expect(server.matches.size).toBe(0);
  });

  it('refuses a taken seat, a seat past seats, a match past maxMatches', async () => {
    server = await createSignalServer({ seats: 2, maxMatches: 1 });
    await seated(server.port, 'm', 0);
    const taken = client(server.port);
    await taken.opened;
    taken.socket.send(JSON.stringify({ t: 'join', match: 'm', seat: 0 }));
    expect(await taken.closed).toBe(CLOSE_SEAT_TAKEN);
    const past = client(server.port);
    await past.opened;
    past.socket.send(JSON.stringify({ t: 'join', match: 'm', seat: 2 }));
    expect(await past.closed).toBe(CLOSE_REFUSED);
    const full = client(server.port);
    await full.opened;
    full.socket.send(JSON.stringify({ t: 'join', match: 'n', seat: 0 }));
    expect(await full.closed).toBe(CLOSE_REFUSED);
  });

  it("a stranger's hostile frames cost only its own connection", async () => {
    server = await createSignalServer({ maxSignalBytes: 4096, burst: 50, framesPerSecond: 10 });
    const a = await seated(server.port, 'm', 0);
    const b = await seated(server.port, 'm', 1);
    const hostile: [string, (s: WebSocket) => void, number][] = [
      [
        'oversize',
        (s) => s.send(JSON.stringify({ t: 'offer', to: 0, sdp: 'x'.repeat(5000) })),
        4413,
      ],
      ['bad JSON', (s) => s.send('{"t":"join",'), 4400],
      ['unknown type', (s) => s.send(JSON.stringify({ t: 'nuke', to: 0 })), 4400],
      [
        'extra field',
        (s) => s.send(JSON.stringify({ t: 'join', match: 'm', seat: 5, x: 1 })),
        4400,
      ],
      ['deep', (s) => s.send(`${'['.repeat(1000)}${']'.repeat(1000)}`), 4400],
      [
        'signal before join',
        (s) => s.send(JSON.stringify({ t: 'offer', to: 0, sdp: 'v=0' })),
        4400,
      ],
      ['packet before join', (s) => s.send(Buffer.from([0, 1, 2])), 4400],
      ['far past any cap', (s) => s.send('x'.repeat(200_000)), 1009],
      [
        'flood',
        (s) => {
          s.send(JSON.stringify({ t: 'join', match: 'f', seat: 0 }));
          for (let i = 0; i < 200; i++) s.send(JSON.stringify({ t: 'offer', to: 1, sdp: 'v=0' }));
        },
        4429,
      ],
    ];
    for (const [name, attack, code] of hostile) {
      const stranger = client(server.port);
      await stranger.opened;
      attack(stranger.socket);
      expect({ name, code: await stranger.closed }).toEqual({ name, code });
    }
    // A seated page that floods is closed too; its match is told it left, and nothing else.
    const c = await seated(server.port, 'm', 2);
    for (let i = 0; i < 200; i++) c.socket.send(Buffer.from([0, 1, i & 255]));
    expect(await c.closed).toBe(4429);
    await a.until(() => a.texts.some((m) => (m as { t: string }).t === 'left'));
    expect(a.texts.slice(1)).toEqual([
      { t: 'peer', seat: 1 },
      { t: 'peer', seat: 2 },
      { t: 'left', seat: 2 },
    ]);
    a.socket.send(Buffer.from([1, 9, 42]));
    await b.until(() => b.packets.length === 1);
    expect([...b.packets[0]!]).toEqual([0, 9, 42]);
    expect(server.counts).toMatchObject({ oversize: 1, malformed: 6, flood: 2 });
  });

  it('closes a connection that does not join in time (4408), and refuses the relay when it is off', async () => {
    server = await createSignalServer({ joinTimeoutMs: 50, relay: false });
    const idle = client(server.port);
    expect(await idle.closed).toBe(4408);
    const a = await seated(server.port, 'm', 0);
    await seated(server.port, 'm', 1);
    a.socket.send(Buffer.from([1, 0, 0]));
    expect(await a.closed).toBe(CLOSE_REFUSED);
  });

  it('checks its options: a RangeError names the option and the value', () => {
    expect(() => resolveSignalServerOptions({ seats: 1 })).toThrow(/seats .* got 1$/);
    expect(() => resolveSignalServerOptions({ seats: 257 })).toThrow(/seats .* got 257/);
    expect(() => resolveSignalServerOptions({ port: -1 })).toThrow(/port .* got -1/);
    expect(() => resolveSignalServerOptions({ maxSignalBytes: 1.5 })).toThrow(
      /maxSignalBytes .* got 1.5/,
    );
    expect(() => resolveSignalServerOptions({ maxPacketBytes: 0 })).toThrow(
      /maxPacketBytes .* got 0/,
    );
    expect(() => resolveSignalServerOptions({ framesPerSecond: 0 })).toThrow(
      /framesPerSecond .* got 0/,
    );
    expect(() => resolveSignalServerOptions({ burst: Number.NaN })).toThrow(/burst .* got NaN/);
    expect(() => resolveSignalServerOptions({ maxMatches: 0 })).toThrow(/maxMatches .* got 0/);
    expect(() => resolveSignalServerOptions({ joinTimeoutMs: 0 })).toThrow(
      /joinTimeoutMs .* got 0/,
    );
    expect(() => resolveSignalServerOptions({ host: '' })).toThrow(/host .* got $/);
    expect(() => resolveSignalServerOptions({ relay: 'yes' as never })).toThrow(/relay .* got yes/);
    expect(resolveSignalServerOptions()).toMatchObject({
      seats: 8,
      relay: true,
      host: '127.0.0.1',
      port: 0,
      framesPerSecond: 840,
      burst: 120,
    });
    // The flood guard's default follows the seats: one packet a tick to each other seat at 120 Hz.
    expect(resolveSignalServerOptions({ seats: 2 }).framesPerSecond).toBe(240);
    expect(resolveSignalServerOptions({ seats: 3 }).framesPerSecond).toBe(240);
    expect(resolveSignalServerOptions({ seats: 4 }).framesPerSecond).toBe(360);
    expect(resolveSignalServerOptions({ seats: 8, framesPerSecond: 9 }).framesPerSecond).toBe(9);
  });
});
