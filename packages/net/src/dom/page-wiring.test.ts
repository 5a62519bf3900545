import { describe, expect, it } from 'vitest';
import { createLinkPair } from '../link/memory-link.js';
import { NetClient } from '../page/net-client.js';
import { NetSwitches } from '../page/net-switches.js';
import { toyClientOptions } from '../page/test-client.js';
import {
  BAD_NETWORK,
  conditionerFromUrl,
  keyAxis,
  linkStatus,
  pressSwitchKeys,
} from './page-wiring.js';

/** Keys held and pressed this frame, as a page's input sample reports them. */
const keysOf = (down: string[], pressed: string[] = []) => ({
  isDown: (code: string) => down.includes(code),
  wasPressed: (code: string) => pressed.includes(code),
});

describe("a page's wiring of the network demo", () => {
  it('conditionerFromUrl: off unless ?net=bad, the bad network both ways, seeded from ?seed', () => {
    const [a] = createLinkPair();
    const plain = conditionerFromUrl(a, new URLSearchParams(''));
    expect(plain.enabled).toBe(false);
    expect(plain.up.settings).toMatchObject(BAD_NETWORK);
    expect(plain.down.settings).toMatchObject(BAD_NETWORK);
    const bad = conditionerFromUrl(a, new URLSearchParams('net=bad&seed=7'));
    expect(bad.enabled).toBe(true);
    const again = conditionerFromUrl(a, new URLSearchParams('seed=7'));
    // The same seed, the same draws.
    expect(bad.up.random.next()).toBe(again.up.random.next());
    const mild = { latency: 10, jitter: 0, loss: 0, reorder: 0 };
    expect(conditionerFromUrl(a, new URLSearchParams(''), mild).down.settings).toMatchObject(mild);
  });

  it('keyAxis: one pair against the other, either key of a pair, both held cancel out', () => {
    const axis = (down: string[]) =>
      keyAxis(keysOf(down), 'KeyD', 'ArrowRight', 'KeyA', 'ArrowLeft');
    expect([
      axis([]),
      axis(['KeyD']),
      axis(['ArrowRight']),
      axis(['KeyA']),
      axis(['ArrowLeft']),
    ]).toEqual([0, 1, 1, -1, -1]);
    expect(axis(['KeyD', 'ArrowLeft'])).toBe(0);
  });
});

describe('pressSwitchKeys', () => {
  it('presses the switch of each key that went down this frame, and only those', () => {
    const [a] = createLinkPair();
    const conditioner = conditionerFromUrl(a, new URLSearchParams('seed=1'));
    const client = new NetClient(conditioner, toyClientOptions({ now: () => 0 }));
    const switches = new NetSwitches(client, conditioner);
    const before = [client.predict, client.interpolate, conditioner.enabled];
    pressSwitchKeys(switches, keysOf(['KeyP', 'KeyN'], []));
    expect([client.predict, client.interpolate, conditioner.enabled]).toEqual(before);
    pressSwitchKeys(switches, keysOf([], ['KeyP', 'KeyN']));
    expect([client.predict, client.interpolate, conditioner.enabled]).toEqual([
      !before[0],
      before[1],
      !before[2],
    ]);
  });
});

describe('linkStatus', () => {
  it('says a dropped link is rejoining, back in its seat (from 1), or closed with its code', () => {
    expect(linkStatus('reconnecting', 1006, 2)).toBe('Connection lost: reconnecting…');
    expect(linkStatus('open', 0, 2)).toBe('Reconnected to seat 3');
    expect(linkStatus('closed', 4003, 2)).toBe('Disconnected (4003). Reload to join again.');
  });
});
