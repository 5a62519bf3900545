import type { Conditioner } from '../link/conditioner.js';
import type { NetClient } from './net-client.js';

/** What a switch needs of a button: a label and a pressed state (an HTMLButtonElement has both). */
export interface SwitchButton {
  textContent: string | null;
  setAttribute(name: string, value: string): void;
}

/** The three switches a page shows, by name. */
export type SwitchName = 'predict' | 'interpolate' | 'conditioner';

const LABELS: Record<SwitchName, string> = {
  predict: 'Prediction',
  interpolate: 'Interpolation',
  conditioner: 'Bad network',
};

/** The default keys: P, I and N. */
export const SWITCH_KEYS: Readonly<Record<SwitchName, string>> = {
  predict: 'KeyP',
  interpolate: 'KeyI',
  conditioner: 'KeyN',
};

const NAMES: readonly SwitchName[] = ['predict', 'interpolate', 'conditioner'];

/**
 * The page's switches for what the netcode does: prediction, interpolation and the network
 * conditioner, each on a key and a button that says its state (`Prediction: on (P)`,
 * `aria-pressed`). Turning a technique off in front of a player is how a demo shows what it
 * buys. Buttons are optional and anything with `textContent` and `setAttribute`, so it is
 * tested without a DOM; nothing is allocated per {@link press}.
 */
export class NetSwitches {
  /** The key codes, in the order a page checks them each frame. */
  readonly codes: readonly string[];

  constructor(
    readonly client: NetClient<unknown>,
    readonly conditioner?: Conditioner,
    readonly buttons: Partial<Record<SwitchName, SwitchButton>> = {},
    readonly keys: Readonly<Record<SwitchName, string>> = SWITCH_KEYS,
  ) {
    for (const name of NAMES) {
      if (typeof keys[name] !== 'string') {
        throw new RangeError(`keys.${name} must be a key code, got ${String(keys[name])}`);
      }
    }
    this.codes = NAMES.map((name) => keys[name]);
    this.show();
  }

  /** Whether a switch is on. */
  isOn(name: SwitchName): boolean {
    if (name === 'predict') return this.client.predict;
    if (name === 'interpolate') return this.client.interpolate;
    return this.conditioner?.enabled ?? false;
  }

  /** Flips the switch on key `code` and shows it; false, changing nothing, for another key. */
  press(code: string): boolean {
    const c = this.client;
    if (code === this.keys.predict) c.predict = !c.predict;
    else if (code === this.keys.interpolate) c.interpolate = !c.interpolate;
    else if (code === this.keys.conditioner && this.conditioner) {
      this.conditioner.enabled = !this.conditioner.enabled;
    } else return false;
    this.show();
    return true;
  }

  /** Writes each button's label and pressed state. */
  show(): void {
    for (const name of NAMES) {
      const button = this.buttons[name];
      if (!button) continue;
      const on = this.isOn(name);
      button.textContent = `${LABELS[name]}: ${on ? 'on' : 'off'} (${this.keys[name].replace(/^Key/, '')})`;
      button.setAttribute('aria-pressed', String(on));
    }
  }
}
