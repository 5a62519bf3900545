import { sideColumn } from '../lane-layout.js';
import { type LaneSpec, RECOMMENDED } from '../lane-specs.js';
import { LANE_COLORS } from './colors.js';

/**
 * Each lane's name and its "when to pick it" line, laid over the lane's strip of the canvas as
 * text: crisp at any pixel ratio, read by screen readers and found by the tests, where words
 * painted into the canvas are none of these. The recommended lane carries a check mark. Set when
 * the lanes or their height change, never per frame.
 */
export class LaneLabels {
  constructor(private readonly list: HTMLOListElement) {}

  /** One label per lane in `specs`, each over its strip of `laneHeight` pixels. */
  set(specs: readonly LaneSpec[], laneHeight: number): void {
    const right = `${2 * sideColumn(laneHeight)}px`;
    this.list.replaceChildren(
      ...specs.map((spec, i) => {
        const item = document.createElement('li');
        item.dataset.lane = spec.id;
        item.style.top = `${i * laneHeight}px`;
        item.style.height = `${laneHeight}px`;
        item.style.right = right;
        const name = document.createElement('strong');
        name.style.color = LANE_COLORS[spec.id];
        name.textContent = spec.label;
        item.appendChild(name);
        if (spec.id === RECOMMENDED) {
          item.classList.add('recommended');
          const mark = document.createElement('span');
          mark.className = 'mark';
          mark.textContent = ' ✓ smooth';
          item.appendChild(mark);
        }
        const pick = document.createElement('span');
        pick.className = 'pick';
        pick.textContent = spec.pick;
        item.appendChild(pick);
        return item;
      }),
    );
  }
}
