import { describe, expect, it } from 'vitest';
import { Conditioner } from '../link/conditioner.js';
import type { Link } from '../link/link.js';
import { NetFigures } from './figures.js';
import { NetClient } from './net-client.js';
import { toyClientOptions } from './test-client.js';

const nowhere: Link = { sendBytes: () => {}, onMessage: () => {} };

describe('NetFigures', () => {
  it("turns the client's totals into rates over the last one to two seconds", () => {
    const client = new NetClient(nowhere, toyClientOptions());
    const figures = new NetFigures(client);
    expect(figures.lines(1000)).toContain('snapshots    0.0/s, loss 0.0 %');
    client.clock.sample(0, 500, 80);
    client.counts.snapshots += 19;
    client.delay.lost += 1;
    client.predictor.corrections += 4;
    client.predictor.correctionTotal += 10;
    const lines = figures.lines(1500).split('\n');
    expect(lines[0]).toBe('round trip   80 ms (best 80 ms)');
    expect(lines[1]).toBe('interp delay 100 ms → 100 ms');
    expect(lines[2]).toBe('jitter       0 ms');
    expect(lines[3]).toBe('snapshots    38.0/s, loss 5.0 %');
    expect(lines[4]).toBe('starved      0.0/s');
    expect(lines[5]).toBe('corrections  8.0/s, mean 2.5 units');
    expect(lines[8]).toBe('conditioner  off');
    // Narrow enough for a phone (390 CSS pixels at 12 px monospace).
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(44);
    expect(figures.lines(2500)).toContain('corrections  2.7/s, mean 2.5 units'); // 4 in 1.5 s
    figures.lines(3600);
    expect(figures.lines(4700)).toContain('corrections  0.0/s, mean 0.0 units'); // none since 2.5 s
  });

  it('says when a technique is off and what the conditioner adds', () => {
    const path = { latency: 75, jitter: 15, loss: 0.05 };
    const conditioner = new Conditioner(nowhere, { up: path, down: path });
    const client = new NetClient(conditioner, toyClientOptions());
    client.predict = false;
    client.interpolate = false;
    const text = new NetFigures(client, conditioner).lines(0);
    expect(text).toContain('mean 0.0 units (off)');
    expect(text).toContain('100 ms → 100 ms (off)');
    expect(text).toContain(
      'conditioner  up +75±15 ms, 5 % loss\n             down +75±15 ms, 5 % loss',
    );
    for (const line of text.split('\n')) expect(line.length).toBeLessThanOrEqual(44);
    conditioner.enabled = false;
    expect(new NetFigures(client, conditioner).lines(0)).toContain('conditioner  off');
  });

  it('counts from the totals it found, rolls its window at exactly a second, and dashes what it has not measured', () => {
    const client = new NetClient(nowhere, toyClientOptions());
    Object.assign(client.counts, { snapshots: 100, starved: 7 });
    client.delay.lost = 10;
    Object.assign(client.predictor, { corrections: 5, correctionTotal: 20 });
    const figures = new NetFigures(client);
    const at = (now: number, more: { snapshots: number; lost: number; starved: number }) => {
      client.counts.snapshots += more.snapshots;
      client.counts.starved += more.starved;
      client.delay.lost += more.lost;
      return figures.lines(now).split('\n');
    };
    expect(at(0, { snapshots: 0, lost: 0, starved: 0 })[0]).toBe('round trip   – (best –)');
    client.predictor.corrections += 3;
    client.predictor.correctionTotal += 9;
    client.lead = 4;
    client.counts.serverMissed = 3;
    const second = at(1000, { snapshots: 18, lost: 2, starved: 4 });
    expect(second.slice(6, 8)).toEqual([
      'ticks        predicted 0, lead 4',
      'server       missed 3 of our ticks',
    ]);
    expect(second.slice(3, 6)).toEqual([
      'snapshots    18.0/s, loss 10.0 %',
      'starved      4.0/s',
      'corrections  3.0/s, mean 3.0 units',
    ]);
    at(2000, { snapshots: 12, lost: 0, starved: 0 });
    // Over the 1.5 s since the window rolled at 1000: 30 snapshots.
    expect(at(2500, { snapshots: 18, lost: 0, starved: 0 })[3]).toBe(
      'snapshots    20.0/s, loss 0.0 %',
    );
    // Rolled at 3000 (a second after 2000): over the 2 s since 1000, 40 snapshots.
    expect(at(3000, { snapshots: 10, lost: 0, starved: 0 })[3]).toBe(
      'snapshots    20.0/s, loss 0.0 %',
    );
    // One snapshot after five lost: more lost than received.
    const fresh = new NetFigures(client);
    fresh.lines(5000);
    client.counts.snapshots += 1;
    client.delay.lost += 5;
    expect(fresh.lines(5500).split('\n')[3]).toBe('snapshots    2.0/s, loss 83.3 %');
  });
});
