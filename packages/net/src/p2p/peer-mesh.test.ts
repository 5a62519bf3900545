import { RTCPeerConnection } from 'node-datachannel/polyfill';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { Link } from '../link/link.js';
import { RollbackSession } from '../rollback/session.js';
import { createDotsGame, scriptedInput } from '../rollback/test-game.js';
import { resolveMeshOptions } from './mesh-options.js';
import { joinMatch, type PeerMesh } from './peer-mesh.js';
import { createSignalServer, type SignalServer } from './server/signal-server.js';

/**
 * Pages in Node on loopback: node-datachannel's RTCPeerConnection (real WebRTC data channels,
 * unreliable and unordered) and the `ws` package's WebSocket, through a real signaling server.
 * Each page runs a RollbackSession over its mesh's links; the match ends with every peer holding
 * the same checksum of the same confirmed tick. The clock is the test's, a tick per turn of the
 * event loop (the packets cross loopback in between), so a match of 240 ticks takes about a second.
 */
const TIMESTEP = 1000 / 60;
const INPUT_TICKS = 240;

/** The match's clock (ms), the pages' and the server's flood guard's alike. */
let now = 0;
let server: SignalServer | undefined;
let meshes: PeerMesh[] = [];
afterEach(async () => {
  for (const mesh of meshes) mesh.close();
  meshes = [];
  await server?.close();
  server = undefined;
});

/** How a page of {@link join} is made: its WebSocket and the time its channels have to open. */
interface PageOptions {
  socket?: (seat: number) => typeof WebSocket;
  connectTimeoutMs?: number;
}

async function join(
  players: number,
  relay: 'auto' | 'always',
  serverOptions = {},
  page: PageOptions = {},
) {
  now = 0;
  server = await createSignalServer({ now: () => now, ...serverOptions });
  const url = `ws://127.0.0.1:${server.port}`;
  const common = {
    url,
    match: 'match-1',
    relay,
    RTCPeerConnection: RTCPeerConnection as never,
    connectTimeoutMs: page.connectTimeoutMs,
  };
  // Seated one after another, so each later page offers to the earlier ones.
  for (let seat = 0; seat < players; seat++) {
    const socket = page.socket?.(seat) ?? WebSocket;
    meshes.push(await joinMatch({ ...common, seat, WebSocket: socket as never }));
  }
  await Promise.all(meshes.map((mesh) => mesh.ready(players - 1, 15_000)));
  return meshes;
}

/** Plays a match over the meshes' links: scripted inputs, then neutral ones until all confirm it. */
async function play(players: number) {
  const sessions = meshes.map((mesh) => {
    const links: (Link | null)[] = [];
    for (let p = 0; p < players; p++) links.push(p === mesh.seat ? null : mesh.link(p)!);
    return new RollbackSession({
      game: createDotsGame(players),
      players,
      local: mesh.seat,
      links,
      now: () => now,
    });
  });
  const seats = meshes.map((mesh) => mesh.seat);
  const least = () => Math.min(...sessions.map((s) => s.confirmed));
  for (let turn = 0; turn < 5000 && least() < INPUT_TICKS + 10; turn++) {
    now += TIMESTEP;
    for (let i = 0; i < sessions.length; i++) {
      const s = sessions[i]!;
      if (s.frame < INPUT_TICKS) scriptedInput(s.input, 0, 7, seats[i]!, s.frame);
      else s.input.fill(0);
      s.update();
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  return sessions;
}

/**
 * A page's WebSocket that never sends its ICE candidates to seat `to`: as a network that blocks
 * UDP between two machines, the pair has no address to try (the descriptions carry none, they
 * trickle), so its data channel never opens, whatever the other pairs do.
 */
function withholdingCandidates(to: number): typeof WebSocket {
  return class extends WebSocket {
    override send(data: unknown, ...rest: unknown[]): void {
      if (typeof data === 'string' && data.includes('"t":"candidate"')) {
        if ((JSON.parse(data) as { to: number }).to === to) return;
      }
      (super.send as (...args: unknown[]) => void)(data, ...rest);
    }
  };
}

function expectSameEnd(sessions: RollbackSession[]) {
  const tick = INPUT_TICKS;
  for (const s of sessions) {
    expect(s.desync).toBeNull();
    expect(s.confirmed).toBeGreaterThanOrEqual(tick);
  }
  const sums = sessions.map((s) => s.checksum(tick));
  expect(sums[0]).not.toBe(-1);
  expect(new Set(sums).size).toBe(1);
}

describe('PeerMesh in Node (node-datachannel and ws on loopback)', () => {
  it('two pages over WebRTC data channels play a rollback match to equal checksums', async () => {
    await join(2, 'auto');
    for (const mesh of meshes) expect(mesh.links.map((l) => l.route)).toEqual(['direct']);
    const sessions = await play(2);
    expectSameEnd(sessions);
    expect(server!.counts.relayed).toBe(0);
    for (const mesh of meshes)
      expect(mesh.links[0]!.counts.received).toBeGreaterThan(INPUT_TICKS / 2);
  });

  it('three pages, a full mesh of data channels, end equal too', async () => {
    await join(3, 'auto');
    expectSameEnd(await play(3));
  });

  it('a pair whose channel never opens falls back to the relay in time, and the match ends equal', async () => {
    // Pages 0 and 2 withhold their candidates from each other; 0–1 and 1–2 connect directly.
    const socket = (seat: number) =>
      seat === 0 ? withholdingCandidates(2) : seat === 2 ? withholdingCandidates(0) : WebSocket;
    await join(3, 'auto', {}, { socket, connectTimeoutMs: 4000 });
    const routes = meshes.map((mesh) => mesh.links.map((l) => `${l.seat} ${l.route}`));
    expect(routes).toEqual([
      ['1 direct', '2 relay'],
      ['0 direct', '2 direct'],
      ['0 relay', '1 direct'],
    ]);
    const sessions = await play(3);
    expectSameEnd(sessions);
    // What 0 and 2 said to each other went through the server; the other pairs' did not.
    expect(server!.counts.relayed).toBeGreaterThan(INPUT_TICKS);
    for (const [seat, other] of [
      [0, 2],
      [2, 0],
    ] as const) {
      expect(meshes[seat]!.link(other)!.counts.received).toBeGreaterThan(INPUT_TICKS / 2);
    }
    expect(meshes[1]!.link(0)!.route).toBe('direct');
  });

  it('over the relay (relay: always) every message arrives as sent, through the server', async () => {
    await join(2, 'always');
    for (const mesh of meshes) expect(mesh.links.map((l) => l.route)).toEqual(['relay']);
    const [a, b] = [meshes[0]!.link(1)!, meshes[1]!.link(0)!];
    const got: number[][] = [];
    b.onMessage(9, (bytes) => got.push([...bytes]));
    const sent: number[][] = [];
    for (const n of [0, 1, 2, 100, 1024]) {
      const bytes = new Uint8Array(n);
      for (let i = 0; i < n; i++) bytes[i] = (i * 31 + n) & 255;
      sent.push([...bytes]);
      a.sendBytes(9, bytes);
    }
    a.sendBytes(10, new Uint8Array([1])); // no handler for 10: counted, not handed on
    await new Promise<void>((resolve) => {
      const check = () => (b.counts.received >= 6 ? resolve() : setTimeout(check, 5));
      check();
    });
    expect(got).toEqual(sent);
    expect(b.counts).toMatchObject({ received: 6, unhandled: 1, refused: 0 });
    expect(a.counts).toMatchObject({ sent: 6, dropped: 0 });
    expect(server!.counts.relayed).toBe(6);
    expect(() => a.sendBytes(9, new Uint8Array(1025))).toThrow(
      /maxPacketBytes \(1024\).* got 1025/,
    );
    expect(() => a.sendBytes(256, new Uint8Array(1))).toThrow(/type .* got 256/);
  });

  it('over the relay (relay: always) a rollback match ends equal, every packet through the server', async () => {
    // The server's flood guard reads the match's clock (a tick per turn of the event loop, about
    // 16 times real time): on its own clock it would see a page send 1 000 frames a second and
    // kick both (4429), and each would play on alone after dropping the other.
    await join(2, 'always');
    const sessions = await play(2);
    expect(server!.counts.flood).toBe(0);
    for (const mesh of meshes) {
      expect(mesh.closed).toBeUndefined();
      expect(mesh.links[0]!.route).toBe('relay');
    }
    expectSameEnd(sessions);
    for (const s of sessions) expect(s.status(s === sessions[0] ? 1 : 0)).toBe('playing');
    expect(server!.counts.relayed).toBeGreaterThan(INPUT_TICKS);
  });

  it('eight pages, every pair relayed: the default flood guard kicks none of a full match', async () => {
    await join(8, 'always');
    const sessions = await play(8);
    expect(server!.counts.flood).toBe(0);
    for (const mesh of meshes) expect(mesh.closed).toBeUndefined();
    expectSameEnd(sessions);
  });

  it('a page relaying past the flood guard is kicked (4429) and its mesh says why', async () => {
    await join(2, 'always', { framesPerSecond: 10, burst: 20, now: () => performance.now() });
    const closed = new Promise((resolve) => meshes[0]!.onClose(resolve));
    for (let i = 0; i < 40; i++) meshes[0]!.link(1)!.sendBytes(9, new Uint8Array(4));
    expect(await closed).toMatchObject({ code: 4429 });
    expect(server!.counts.flood).toBe(1);
    expect(meshes[1]!.closed).toBeUndefined();
  });

  it('tells the others when a page leaves: its link goes closed', async () => {
    await join(2, 'auto');
    const left = new Promise((resolve) => meshes[0]!.onLeave(resolve));
    meshes[1]!.close();
    await left;
    expect(meshes[0]!.link(1)!.route).toBe('closed');
  });

  it('checks its options: a RangeError names the option and the value', () => {
    const ok = {
      url: 'ws://127.0.0.1:1',
      match: 'm',
      seat: 0,
      RTCPeerConnection: RTCPeerConnection as never,
      WebSocket: WebSocket as never,
    };
    expect(() => resolveMeshOptions({ ...ok, url: 'http://x' })).toThrow(/url .* got http:\/\/x/);
    expect(() => resolveMeshOptions({ ...ok, match: 'a b' })).toThrow(/match .* got a b/);
    expect(() => resolveMeshOptions({ ...ok, seat: 256 })).toThrow(/seat .* got 256/);
    expect(() => resolveMeshOptions({ ...ok, seat: -1 })).toThrow(/seat .* got -1/);
    expect(() => resolveMeshOptions({ ...ok, relay: 'maybe' as never })).toThrow(
      /relay .* got maybe/,
    );
    expect(() => resolveMeshOptions({ ...ok, connectTimeoutMs: 0 })).toThrow(
      /connectTimeoutMs .* got 0/,
    );
    expect(() => resolveMeshOptions({ ...ok, maxPacketBytes: 65_534 })).toThrow(
      /maxPacketBytes .* got 65534/,
    );
    expect(() => resolveMeshOptions({ ...ok, maxBuffered: -1 })).toThrow(/maxBuffered .* got -1/);
    expect(() => resolveMeshOptions({ ...ok, RTCPeerConnection: undefined })).toThrow(
      /RTCPeerConnection/,
    );
    expect(resolveMeshOptions({ ...ok, relay: 'always', RTCPeerConnection: undefined }).relay).toBe(
      'always',
    );
  });
});
