import { describe, expect, it } from 'vitest';
import { Conditioner } from '../link/conditioner.js';
import type { Link } from '../link/link.js';
import { NetClient } from './net-client.js';
import { NetSwitches, type SwitchButton } from './net-switches.js';
import { toyClientOptions } from './test-client.js';

const nowhere: Link = { sendBytes: () => {}, onMessage: () => {} };
const button = () => {
  const b = {
    textContent: '' as string | null,
    pressed: '',
    setAttribute: (_name: string, _value: string) => {},
  };
  b.setAttribute = (name, value) => {
    if (name === 'aria-pressed') b.pressed = value;
  };
  return b satisfies SwitchButton;
};

describe('NetSwitches', () => {
  it('flips prediction, interpolation and the conditioner on their keys, and labels each button', () => {
    const conditioner = new Conditioner(nowhere);
    conditioner.enabled = false;
    const client = new NetClient(conditioner, toyClientOptions());
    const buttons = { predict: button(), interpolate: button(), conditioner: button() };
    const switches = new NetSwitches(client, conditioner, buttons);
    expect([buttons.predict.textContent, buttons.predict.pressed]).toEqual([
      'Prediction: on (P)',
      'true',
    ]);
    expect(buttons.conditioner.textContent).toBe('Bad network: off (N)');
    expect(switches.codes).toEqual(['KeyP', 'KeyI', 'KeyN']);
    expect(switches.press('KeyP')).toBe(true);
    expect(switches.press('KeyI')).toBe(true);
    expect(switches.press('KeyN')).toBe(true);
    expect([client.predict, client.interpolate, conditioner.enabled]).toEqual([false, false, true]);
    expect([buttons.interpolate.textContent, buttons.interpolate.pressed]).toEqual([
      'Interpolation: off (I)',
      'false',
    ]);
    expect(buttons.conditioner.textContent).toBe('Bad network: on (N)');
    expect(switches.press('KeyX')).toBe(false);
    expect(switches.press('KeyP')).toBe(true);
    expect(switches.isOn('predict')).toBe(true);
  });

  it('works without buttons or a conditioner, on keys of its own, and refuses a key that is not a code', () => {
    const client = new NetClient(nowhere, toyClientOptions());
    const keys = { predict: 'Digit1', interpolate: 'Digit2', conditioner: 'Digit3' };
    const switches = new NetSwitches(client, undefined, {}, keys);
    expect(switches.press('Digit3')).toBe(false); // no conditioner to switch
    expect(switches.isOn('conditioner')).toBe(false);
    expect(switches.press('Digit1')).toBe(true);
    expect(client.predict).toBe(false);
    const b = button();
    new NetSwitches(client, undefined, { predict: b }, keys);
    expect(b.textContent).toBe('Prediction: off (Digit1)');
    expect(() => new NetSwitches(client, undefined, {}, { ...keys, predict: 1 } as never)).toThrow(
      /keys\.predict.*got 1/,
    );
  });
});
