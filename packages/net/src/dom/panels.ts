/** Anything with a box on screen: an element, as the page has it. */
export interface Boxed {
  getBoundingClientRect(): {
    left: number;
    top: number;
    right: number;
    bottom: number;
    width: number;
    height: number;
  };
}

/**
 * Measures what the page's two corner panels take over the canvas into `panels` ([top-left
 * width, top-left height, bottom-right width, bottom-right height], as `letterbox` reads them):
 * the stats overlay in the top-left corner, the HUD in the bottom-right one, either absent or
 * folded to nothing. Call it when a panel opens, folds or wraps and when the canvas resizes (a
 * ResizeObserver's callback), never per frame: it reads layout.
 */
export function measurePanels(
  panels: Float64Array,
  canvas: Boxed,
  topLeft: Boxed | null | undefined,
  bottomRight: Boxed | null | undefined,
): void {
  const area = canvas.getBoundingClientRect();
  const stats = topLeft?.getBoundingClientRect();
  panels[0] = stats?.width ? stats.right - area.left : 0;
  panels[1] = stats?.height ? stats.bottom - area.top : 0;
  const box = bottomRight?.getBoundingClientRect();
  panels[2] = box?.width ? area.right - box.left : 0;
  panels[3] = box?.height ? area.bottom - box.top : 0;
}
