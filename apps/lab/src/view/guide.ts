import { activeStep, GUIDE, type GuideStep, OWN_SETUP } from '../guide.js';
import type { LabState } from '../url-state.js';
import { richText } from './rich-text.js';

/**
 * The guided path on the page: one button per claim under the lanes, what to look at at the top
 * of the page (above the lanes, where the eye already is), and the active claim with the article
 * it comes from under the buttons. The active step is worked out from the settings, so a link,
 * the Back button or a hand-set form that matches a step lights it too.
 */
export class GuideView {
  private readonly buttons: HTMLButtonElement[] = [];

  /** `onPick(step)`: a step's button was pressed; the page sets the step up. */
  constructor(
    list: HTMLElement,
    private readonly look: HTMLElement,
    private readonly claim: HTMLElement,
    onPick: (step: GuideStep) => void,
  ) {
    GUIDE.forEach((step, i) => {
      const item = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset.step = step.id;
      button.setAttribute('aria-pressed', 'false');
      button.textContent = `${i + 1}. ${step.title}`;
      button.addEventListener('click', () => onPick(step));
      item.appendChild(button);
      list.appendChild(item);
      this.buttons.push(button);
    });
  }

  /** Shows which step `state` is set up for, or the lab's words for a setup of one's own. */
  show(state: Readonly<LabState>): GuideStep | undefined {
    const step = activeStep(state);
    for (const button of this.buttons) {
      button.setAttribute('aria-pressed', String(button.dataset.step === step?.id));
    }
    if (step) {
      const title = document.createElement('strong');
      title.textContent = `${step.title} `;
      this.look.replaceChildren(title, ...richText(step.look));
      this.look.dataset.step = step.id;
      this.claim.replaceChildren('The claim: ', ...richText(step.claim), ` (${step.seed})`);
    } else {
      this.look.replaceChildren(...richText(OWN_SETUP));
      delete this.look.dataset.step;
      this.claim.textContent = '';
    }
    return step;
  }
}
