import { allowed, readBounded } from '../bounds.js';
import { EXPERIMENTS, findExperiment, readValues } from '../experiments/index.js';
import type { Experiment, ExperimentParam } from '../experiments/types.js';
import { formatNumber } from '../url-state.js';
import { clearInvalid, flagInvalid, isInvalid } from './invalid.js';
import { richText } from './rich-text.js';

/**
 * The articles' experiments: one button each; the open one shows its explanation (citing the
 * article), its parameters as form controls and its figures, the article's published number
 * beside ours. Ours are recomputed on every parameter change by running @loop/core, so changing a
 * parameter changes the figure.
 */
export class ExperimentsView {
  private readonly buttons: HTMLButtonElement[] = [];

  /** `onChange(id, params)`: the experiment opened or a parameter changed (for the URL). */
  constructor(
    nav: HTMLElement,
    private readonly panel: HTMLElement,
    private readonly onChange: (id: string, params: Record<string, number>) => void,
  ) {
    for (const experiment of EXPERIMENTS) {
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset.exp = experiment.id;
      button.textContent = experiment.title;
      button.setAttribute('aria-pressed', 'false');
      button.addEventListener('click', () => this.onChange(experiment.id, {}));
      nav.appendChild(button);
      this.buttons.push(button);
    }
  }

  /** Shows experiment `id` (nothing for '' or an unknown id) with `expParams`. */
  show(id: string, expParams: Readonly<Record<string, number>>): void {
    for (const button of this.buttons) {
      button.setAttribute('aria-pressed', String(button.dataset.exp === id));
    }
    const experiment = findExperiment(id);
    this.panel.hidden = !experiment;
    if (!experiment) {
      this.panel.replaceChildren();
      delete this.panel.dataset.exp;
      return;
    }
    // What the user typed and the experiment refused stays on screen across the redraw.
    const typed = new Map<string, string>();
    if (this.panel.dataset.exp === experiment.id) {
      for (const input of this.panel.querySelectorAll('input')) {
        if (isInvalid(input)) typed.set(input.name, input.value);
      }
    }
    this.panel.replaceChildren();
    this.panel.dataset.exp = experiment.id;
    const { values, rejected } = readValues(experiment, expParams);
    for (const [key, value] of Object.entries(rejected)) typed.set(key, formatNumber(value));
    const title = document.createElement('h3');
    title.textContent = experiment.title;
    const explain = document.createElement('p');
    explain.append(...richText(experiment.explain));
    const cite = document.createElement('p');
    cite.className = 'cite';
    cite.textContent = `The claim is from ${experiment.seed}; the figures beside it are ours.`;
    this.panel.append(
      title,
      explain,
      cite,
      this.form(experiment, values),
      this.table(experiment, values),
    );
    for (const [key, text] of typed) {
      const param = experiment.params.find((p) => p.key === key)!;
      const input = this.panel.querySelector<HTMLInputElement>(`input[name="${key}"]`)!;
      input.value = text;
      flagInvalid(input, refusal(param, values));
    }
  }

  private form(experiment: Experiment, values: Record<string, number>): HTMLFormElement {
    const form = document.createElement('form');
    form.className = 'exp-params';
    form.addEventListener('submit', (event) => event.preventDefault());
    for (const param of experiment.params) {
      const label = document.createElement('label');
      label.className = 'field';
      const text = document.createElement('span');
      text.textContent = param.label;
      const input = document.createElement('input');
      input.type = 'number';
      input.name = param.key;
      input.id = `exp-${experiment.id}-${param.key}`;
      input.min = String(param.min);
      input.max = String(param.max);
      input.step = String(param.step);
      input.value = formatNumber(values[param.key] ?? param.value, param.key);
      input.addEventListener('change', () => {
        const value = readBounded(input.value, param);
        if (value === undefined) {
          flagInvalid(input, refusal(param, values));
          return;
        }
        clearInvalid(input);
        const next: Record<string, number> = {};
        for (const [key, v] of Object.entries(values)) next[key] = v;
        next[param.key] = value;
        this.onChange(experiment.id, next);
      });
      label.append(text, input);
      form.appendChild(label);
    }
    return form;
  }

  private table(experiment: Experiment, values: Record<string, number>): HTMLElement {
    const wrapper = document.createElement('div');
    wrapper.className = 'scroll';
    const table = document.createElement('table');
    table.className = 'exp-figures';
    const head = table.createTHead().insertRow();
    for (const text of ['figure', 'published', 'ours (live, @loop/core)']) {
      const th = document.createElement('th');
      th.scope = 'col';
      th.textContent = text;
      head.appendChild(th);
    }
    const body = table.createTBody();
    for (const row of experiment.run(values)) {
      const tr = body.insertRow();
      tr.dataset.key = row.key;
      tr.dataset.ours = row.ours;
      if (row.seed !== null) tr.dataset.seed = row.seed;
      const th = document.createElement('th');
      th.scope = 'row';
      th.textContent = row.label;
      tr.appendChild(th);
      tr.insertCell().textContent = row.seed === null ? '—' : `“${row.seed}”`;
      tr.insertCell().textContent = row.ours;
    }
    wrapper.appendChild(table);
    return wrapper;
  }
}

/** The note beside a refused value: what the parameter accepts and what runs instead. */
function refusal(param: ExperimentParam, values: Record<string, number>): string {
  const running = formatNumber(values[param.key] ?? param.value, param.key);
  return `${allowed(param.label, param)}; running with ${running}`;
}
