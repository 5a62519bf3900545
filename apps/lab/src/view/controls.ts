import { allowed } from '../bounds.js';
import { DISPLAY_KINDS, DISPLAY_LABELS, type DisplayKind, RATES } from '../displays.js';
import { LANES } from '../lane-specs.js';
import {
  FRAME_LOCKED,
  formatNumber,
  type LabState,
  NUMBER_PARAMS,
  type NumberParam,
  type NumericKey,
  readNumber,
  SPEEDS,
} from '../url-state.js';
import { clearInvalid, flagInvalid } from './invalid.js';

/** Which display kinds use which size. */
const USED_BY: Partial<Record<NumericKey, readonly DisplayKind[]>> = {
  hz: ['hz', 'vrr', 'jitter', 'spikes', 'hidden', 'backstep'],
  jitter: ['jitter'],
  spike: ['spikes'],
  gap: ['hidden'],
  back: ['backstep'],
  speed: ['hz', 'vrr', 'jitter', 'spikes', 'hidden', 'backstep'],
};

/** The display sizes, in the display fieldset; the rest are loop parameters. */
const DISPLAY_KEYS: readonly NumericKey[] = ['hz', 'jitter', 'spike', 'gap', 'back', 'speed'];

/** How the watch speed menu names a speed. */
function speedLabel(speed: number): string {
  if (speed === FRAME_LOCKED) return 'one frame per screen refresh';
  return speed === 1 ? 'real speed' : `slowed ×${speed}`;
}

function field(label: string, control: HTMLElement, name: string): HTMLLabelElement {
  const wrapper = document.createElement('label');
  wrapper.className = 'field';
  wrapper.dataset.field = name;
  const text = document.createElement('span');
  text.textContent = label;
  wrapper.append(text, control);
  return wrapper;
}

function select(name: string, options: readonly (readonly [string, string])[]): HTMLSelectElement {
  const element = document.createElement('select');
  element.name = name;
  element.id = `control-${name}`;
  for (const [value, text] of options) element.add(new Option(text, value));
  return element;
}

function numberInput(param: NumberParam): HTMLInputElement {
  const input = document.createElement('input');
  input.type = 'number';
  input.name = param.key;
  input.id = `control-${param.key}`;
  input.min = String(param.min);
  input.max = String(param.max);
  input.step = String(param.step);
  input.inputMode = 'decimal';
  return input;
}

/**
 * The settings form: lanes, display and loop parameters as real form controls with labels, so
 * everything works by keyboard. `read()` turns the form into a state: a value the setting does
 * not accept keeps the previous one, and the control keeps what the user typed, flagged
 * `aria-invalid` with a note saying what is allowed. `write()` shows a whole state (on load);
 * after a `read()` only {@link Controls.showUsed} runs, so nothing typed is reverted.
 */
export class Controls {
  private readonly numbers = new Map<NumericKey, HTMLInputElement | HTMLSelectElement>();
  private readonly lanes: HTMLInputElement[] = [];
  private readonly display: HTMLSelectElement;
  private readonly overflow: HTMLSelectElement;

  constructor(
    lanesSet: HTMLFieldSetElement,
    displaySet: HTMLFieldSetElement,
    loopSet: HTMLFieldSetElement,
  ) {
    for (const spec of LANES) {
      const box = document.createElement('input');
      box.type = 'checkbox';
      box.name = 'lane';
      box.value = spec.id;
      box.id = `lane-${spec.id}`;
      const label = document.createElement('label');
      label.className = 'check';
      label.append(box, ` ${spec.label}`);
      lanesSet.appendChild(label);
      this.lanes.push(box);
    }
    this.display = select(
      'display',
      DISPLAY_KINDS.map((kind) => [kind, DISPLAY_LABELS[kind]] as const),
    );
    displaySet.appendChild(field('display clock', this.display, 'display'));
    for (const param of NUMBER_PARAMS) {
      let control: HTMLInputElement | HTMLSelectElement;
      if (param.key === 'hz') {
        control = select(
          'hz',
          RATES.map((hz) => [String(hz), `${hz} Hz`] as const),
        );
      } else if (param.key === 'speed') {
        control = select(
          'speed',
          SPEEDS.map((s) => [String(s), speedLabel(s)] as const),
        );
      } else {
        control = numberInput(param);
      }
      this.numbers.set(param.key, control);
      const parent = DISPLAY_KEYS.includes(param.key) ? displaySet : loopSet;
      parent.appendChild(field(param.label, control, param.key));
      if (param.key === 'maxSteps') {
        this.overflow = select('overflow', [
          ['drop', 'drop (slow down)'],
          ['carry', 'carry (catch up later)'],
        ]);
        loopSet.appendChild(field('overflow policy', this.overflow, 'overflow'));
      }
    }
    this.overflow ??= select('overflow', []);
  }

  /** Shows `state` in the form, and only the display sizes its display uses. */
  write(state: LabState): void {
    for (const box of this.lanes) box.checked = state.lanes.includes(box.value as never);
    this.display.value = state.display;
    this.overflow.value = state.overflow;
    for (const [key, control] of this.numbers) {
      control.value = formatNumber(state[key], key);
      clearInvalid(control);
    }
    this.showUsed(state.display);
  }

  /** Shows only the display sizes `display` uses; leaves every value as it is. */
  showUsed(display: DisplayKind): void {
    for (const [key, control] of this.numbers) {
      const usedBy = USED_BY[key];
      const wrapper = control.closest('label');
      if (wrapper) wrapper.hidden = usedBy !== undefined && !usedBy.includes(display);
    }
  }

  /** The state the form describes, starting from `previous` for anything unreadable. */
  read(previous: LabState): LabState {
    const state: LabState = { ...previous, expParams: { ...previous.expParams } };
    state.lanes = LANES.map((spec) => spec.id).filter((id) =>
      this.lanes.some((box) => box.checked && box.value === id),
    );
    state.display = this.display.value as DisplayKind;
    state.overflow = this.overflow.value === 'carry' ? 'carry' : 'drop';
    for (const param of NUMBER_PARAMS) {
      const control = this.numbers.get(param.key)!;
      const value = readNumber(control.value, param);
      if (value === undefined) {
        const running = formatNumber(previous[param.key], param.key);
        flagInvalid(control, `${allowed(param.label, param)}; running with ${running}`);
      } else {
        clearInvalid(control);
        state[param.key] = value;
      }
    }
    return state;
  }
}
