import { EXPERIMENTS, experimentValues, findExperiment } from '../experiments/index.js';
import type { Experiment } from '../experiments/types.js';
import { formatNumber } from '../url-state.js';

/**
 * The seeds' experiments: one button each; the open one shows its explanation (citing the
 * seed), its parameters as form controls and its figures, the seed's published number beside
 * ours. Ours are recomputed on every parameter change by running @loop/core, so changing a
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
      const title = experiment.title.replace(/^Seed \d+'s /, '');
      button.textContent = `Seed ${experiment.seed}: ${title}`;
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
    this.panel.replaceChildren();
    this.panel.hidden = !experiment;
    if (!experiment) {
      delete this.panel.dataset.exp;
      return;
    }
    this.panel.dataset.exp = experiment.id;
    const values = experimentValues(experiment, expParams);
    const title = document.createElement('h3');
    title.textContent = experiment.title;
    const explain = document.createElement('p');
    explain.textContent = experiment.explain;
    const cite = document.createElement('p');
    cite.className = 'cite';
    cite.textContent = `The claim is seed ${experiment.seed}'s; the figures beside it are ours.`;
    this.panel.append(
      title,
      explain,
      cite,
      this.form(experiment, values),
      this.table(experiment, values),
    );
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
      input.value = formatNumber(values[param.key] ?? param.value);
      input.addEventListener('change', () => {
        const value = Number(input.value);
        if (input.value.trim() === '' || !(value >= param.min && value <= param.max)) {
          input.setAttribute('aria-invalid', 'true');
          return;
        }
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
    for (const text of [
      'figure',
      `seed ${experiment.seed} (published)`,
      'ours (live, @loop/core)',
    ]) {
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
