/**
 * The elements of a Rapier game's page that {@link startRapierPage} runs, found by their ids: the
 * canvas `#game`, the HUD `#hud` (its `[data-key]` buttons tap keys), its More button `#more`,
 * the replay status line `#replay`, the replay speed `#speed`, `#save` and the file picker
 * `#load`, and where the game has them, the mode select `#mode` and the busy page switch `#busy`
 * (a game without worker mode leaves both out). The game's index.html holds them (its look and
 * its words are the game's); the page start-up wires them.
 */
export interface PageElements {
  readonly canvas: HTMLCanvasElement;
  readonly hud: HTMLElement;
  readonly more: HTMLButtonElement;
  readonly status: HTMLElement;
  readonly speed: HTMLSelectElement;
  readonly save: HTMLButtonElement;
  readonly load: HTMLInputElement;
  readonly mode?: HTMLSelectElement;
  readonly busy?: HTMLInputElement;
}

/** The elements a page may leave out. */
const OPTIONAL = new Set(['mode', 'busy']);

/** The ids of {@link PageElements}, by field. */
export const PAGE_IDS = {
  canvas: 'game',
  hud: 'hud',
  more: 'more',
  status: 'replay',
  speed: 'speed',
  save: 'save',
  load: 'load',
  mode: 'mode',
  busy: 'busy',
} as const;

/** Finds the page's elements in `doc`; a missing one is named, so a page edit fails loudly. */
export function pageElements(doc: Document): PageElements {
  const found: Record<string, HTMLElement> = {};
  for (const [field, id] of Object.entries(PAGE_IDS)) {
    const element = doc.getElementById(id);
    if (!element && OPTIONAL.has(field)) continue;
    if (!element) throw new RangeError(`startRapierPage needs an element #${id}, found none`);
    found[field] = element;
  }
  return found as unknown as PageElements;
}
