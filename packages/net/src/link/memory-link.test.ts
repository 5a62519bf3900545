import { describe, expect, it } from 'vitest';
import { Conditioner } from './conditioner.js';
import { createLinkPair } from './memory-link.js';

describe('createLinkPair', () => {
  it('hands what one end sends to the other end’s handler for that type, at once', () => {
    const [client, server] = createLinkPair();
    const got: string[] = [];
    server.onMessage(1, (b) => got.push(`server 1: ${[...b]}`));
    client.onMessage(2, (b) => got.push(`client 2: ${[...b]}`));
    client.sendBytes(1, new Uint8Array([7, 8]));
    server.sendBytes(2, new Uint8Array([9]));
    server.sendBytes(3, new Uint8Array([1]));
    expect(got).toEqual(['server 1: 7,8', 'client 2: 9']);
    expect(client.counts).toEqual({ sent: 1, received: 2, unhandled: 1 });
    expect(server.counts).toEqual({ sent: 2, received: 1, unhandled: 0 });
  });

  it('keeps the latest handler for a type, and forgets it when told, not a later one', () => {
    const [a, b] = createLinkPair();
    const got: number[] = [];
    const off = b.onMessage(1, () => got.push(1));
    const offSecond = b.onMessage(1, () => got.push(2));
    a.sendBytes(1, new Uint8Array(0));
    off();
    a.sendBytes(1, new Uint8Array(0));
    offSecond();
    a.sendBytes(1, new Uint8Array(0));
    expect(got).toEqual([2, 2]);
    expect(b.counts.unhandled).toBe(1);
  });

  it('carries a conditioned path: a conditioner on the client end delays both ways', () => {
    const [client, server] = createLinkPair();
    const t = { now: 0 };
    const link = new Conditioner(client, {
      up: { latency: 30 },
      down: { latency: 20 },
      now: () => t.now,
    });
    const log: string[] = [];
    server.onMessage(1, (b) => {
      log.push(`server got ${b[0]} at ${t.now}`);
      server.sendBytes(2, b);
    });
    link.onMessage(2, (b) => log.push(`client got ${b[0]} at ${t.now}`));
    link.sendBytes(1, new Uint8Array([5]));
    for (t.now = 0; t.now <= 60; t.now += 10) link.pump();
    expect(log).toEqual(['server got 5 at 30', 'client got 5 at 50']);
  });
});
