/**
 * A screen on which the panels, open, would cover much of the game (a phone): there the HUD and
 * the stats start folded, and a tap opens each.
 */
export const SMALL_SCREEN = '(max-width: 40rem), (max-height: 32rem)';

/** The HUD and its More button: what {@link foldHud} changes. */
export interface FoldableHud {
  readonly hud: HTMLElement;
  readonly more: HTMLElement;
}

/**
 * Folds the HUD to its status line and playing buttons (`data-folded="true"`: the page style
 * hides its `.more` parts), or opens its help and settings; the More button says which it does.
 */
export function foldHud({ hud, more }: FoldableHud, folded: boolean): void {
  hud.dataset.folded = String(folded);
  more.setAttribute('aria-expanded', String(!folded));
  more.textContent = folded ? 'More' : 'Less';
}

/**
 * Whether the stats overlay remembers a fold from an earlier visit (its default storage key):
 * a player's own choice wins over folding it for a small screen.
 */
export function statsFoldRemembered(storage: () => Storage = () => localStorage): boolean {
  try {
    return storage().getItem('loop-stats-collapsed') !== null;
  } catch {
    return false; // storage refused (a sandboxed frame): nothing remembered
  }
}
