/**
 * Helpers for the real-browser tests (`*.browser.test.ts`, Vitest browser mode on Chromium).
 * They count animation frames instead of waiting a fixed time, so a loaded machine only makes a
 * test slower, never red; they make trusted input and real device-pixel-ratio changes through
 * the Chrome DevTools Protocol, and real focus changes; and they emulate the one thing headless
 * Chromium cannot do, a hidden page. Browser-only: it imports `vitest/browser`.
 *
 * Tests run in an iframe of Vitest's page, offset and scaled to fit it, while CDP input and
 * emulation act on the top page: points are mapped with {@link toPage}, and the device metrics
 * are those of the whole page (the iframe's `devicePixelRatio` follows them).
 */
import { onTestFinished } from 'vitest';
import { cdp } from 'vitest/browser';

// Taken at load, so that a test's vi.spyOn(window, 'requestAnimationFrame') counts only the
// requests of the code under test, and fake timers that fake rAF cannot stop these frames.
const raf = window.requestAnimationFrame.bind(window);
// Taken at load too, so that a test's vi.spyOn(window, 'matchMedia') sees only the queries of
// the code under test, not those setDevicePixelRatio makes.
const mediaQuery = window.matchMedia.bind(window);

/**
 * Waits for `count` animation frames of this page and returns their timestamps. Callbacks of
 * one frame run in the order they were requested, so a loop started before this call renders
 * in each of these frames, before this helper sees it. The way to say "nothing happens while
 * stopped": count over frames, not over milliseconds.
 */
export function animationFrames(count: number): Promise<number[]> {
  const stamps: number[] = [];
  return new Promise((resolve) => {
    const tick = (t: number) => {
      stamps.push(t);
      if (stamps.length < count) raf(tick);
      else resolve(stamps);
    };
    raf(tick);
  });
}

/**
 * Makes the page report itself hidden (or visible) and fires `visibilitychange`, as a browser
 * does when its tab goes to the background and back. Emulated, not real: it has been measured
 * here that headless Chromium (and headful Chromium under Xvfb) never reports a page hidden,
 * not for a second page, nor a background tab in the same window (CDP `Target.createTarget` then
 * `Target.activateTarget` of another), nor a minimized window, even with Playwright's foreground
 * flags removed. So `document.visibilityState` and `document.hidden` are shadowed by own
 * properties and the event is dispatched by hand (it is not trusted). Every test that needs a
 * hidden page goes through this helper; the browser's own getters are back when the test ends.
 */
export function setPageHidden(hidden: boolean): void {
  if (!Object.hasOwn(document, 'visibilityState')) onTestFinished(resetPageVisibility);
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => (hidden ? 'hidden' : 'visible'),
  });
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
}

/** Gives `document` the browser's own visibility getters back (fires no event). */
function resetPageVisibility(): void {
  const doc = document as { visibilityState?: unknown; hidden?: unknown };
  delete doc.visibilityState;
  delete doc.hidden;
}

/** `thing` (an input, an overlay), disposed when the test ends. */
export function disposeAtEnd<T extends { dispose(): unknown }>(thing: T): T {
  onTestFinished(() => {
    thing.dispose();
  });
  return thing;
}

/** Adds `listener` to `target` for each of `types`, for the rest of the test. */
export function listen<K extends keyof WindowEventMap>(
  target: EventTarget,
  types: K[],
  listener: (e: WindowEventMap[K]) => void,
): void {
  for (const type of types) target.addEventListener(type, listener as EventListener);
  onTestFinished(() => {
    for (const type of types) target.removeEventListener(type, listener as EventListener);
  });
}

/** Records, for each event of `types` on `target`, whether the browser made it (isTrusted). */
export function trusted(target: EventTarget, ...types: (keyof WindowEventMap)[]): boolean[] {
  const seen: boolean[] = [];
  listen(target, types, (e) => seen.push(e.isTrusted));
  return seen;
}

/** A canvas added to the page with the style `css`, removed when the test ends. */
export function pageCanvas(css: string): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.style.cssText = css;
  document.body.appendChild(canvas);
  onTestFinished(() => canvas.remove());
  return canvas;
}

/**
 * A point of this frame's viewport (CSS pixels, like `clientX`) in the top page's viewport,
 * where CDP input lands: each enclosing iframe adds its offset and its scale.
 */
export function toPage(x: number, y: number): { x: number; y: number } {
  let w: Window = window;
  while (w.frameElement) {
    const rect = w.frameElement.getBoundingClientRect();
    const scale = rect.width / w.innerWidth;
    x = rect.left + x * scale;
    y = rect.top + y * scale;
    w = w.parent;
  }
  return { x, y };
}

/** Whether {@link mouse} holds the button down. */
let held = false;

/**
 * Trusted mouse input at a point of this frame's viewport: `move` (with the button held after
 * `down`), `down` and `up` of the left button. Chromium turns it into pointer events as for a
 * real mouse (pointerenter, pointerdown, pointer capture, ...). `down` also focuses the frame
 * clicked: a point outside the test iframe takes the focus away from it.
 */
export async function mouse(action: 'move' | 'down' | 'up', x: number, y: number): Promise<void> {
  const type =
    action === 'move' ? 'mouseMoved' : action === 'down' ? 'mousePressed' : 'mouseReleased';
  if (action !== 'move') held = action === 'down';
  const button = action === 'move' && !held ? 'none' : 'left';
  await cdp().send('Input.dispatchMouseEvent', {
    type,
    ...toPage(x, y),
    button,
    buttons: held ? 1 : 0,
    clickCount: action === 'move' ? 0 : 1,
  });
}

/**
 * Trusted touch input, fingers by id with their points in this frame's viewport: `start` puts
 * down the fingers not down yet, `move` moves them, `end` lifts the fingers named (all when none
 * are) and `cancel` cancels every finger down (pointercancel, as when the browser takes over a
 * gesture). Chromium turns it into touch pointer events with pointer ids of its own.
 */
export async function touch(
  action: 'start' | 'move' | 'end' | 'cancel',
  fingers: Readonly<Record<number, readonly [number, number]>> = {},
): Promise<void> {
  const type = (
    { start: 'touchStart', move: 'touchMove', end: 'touchEnd', cancel: 'touchCancel' } as const
  )[action];
  const touchPoints = Object.entries(fingers).map(([id, [x, y]]) => ({
    ...toPage(x, y),
    id: Number(id),
  }));
  await cdp().send('Input.dispatchTouchEvent', { type, touchPoints });
}

/**
 * A trusted key event sent straight through CDP, for what Playwright's keyboard cannot send: a
 * `keydown` of a key already down with `repeat` false (as some keyboards and platforms send
 * their auto-repeat), or one with `repeat` true. `key` and `keyCode` as a US layout has them
 * (`'w'` and 87 for `KeyW`). A test releases the keys it pressed this way.
 */
export async function rawKey(
  action: 'down' | 'up',
  code: string,
  key: string,
  keyCode: number,
  autoRepeat = false,
): Promise<void> {
  await cdp().send('Input.dispatchKeyEvent', {
    type: action === 'down' ? 'rawKeyDown' : 'keyUp',
    code,
    key,
    windowsVirtualKeyCode: keyCode,
    autoRepeat,
  });
}

/**
 * Moves the focus out of this test frame, to the page around it, or back into it, for real: the
 * window gets a trusted `blur` or `focus`, as when the player switches to another window and
 * back. Resolves once `document.hasFocus()` says so (fails after 120 frames); the focus is back
 * in the frame when the test ends.
 */
export async function setFrameFocused(focused: boolean): Promise<void> {
  if (!focused) onTestFinished(() => window.focus());
  (focused ? window : window.parent).focus();
  for (let frames = 0; document.hasFocus() !== focused; frames++) {
    if (frames === 120) throw new Error(`the frame did not ${focused ? 'get' : 'lose'} the focus`);
    await animationFrames(1);
  }
}

interface Metrics {
  width: number;
  height: number;
  deviceScaleFactor: number;
  mobile: boolean;
  screenWidth: number;
  screenHeight: number;
}

/** The page's metrics before the first {@link setDevicePixelRatio}: Playwright's viewport. */
let original: Metrics | undefined;

function metricsNow(): Metrics {
  const top = window.top!;
  return {
    width: top.innerWidth,
    height: top.innerHeight,
    deviceScaleFactor: top.devicePixelRatio,
    mobile: false,
    screenWidth: screen.width,
    screenHeight: screen.height,
  };
}

/**
 * Changes the device pixel ratio of the page for real (CDP `Emulation.setDeviceMetricsOverride`
 * with a `deviceScaleFactor`, keeping Playwright's viewport and screen) and resolves once the
 * browser has reported it to this frame's media queries: `window.devicePixelRatio` is `ratio`
 * and the `(resolution)` queries of the old ratio have fired `change`, so a listener such as
 * watchCanvas's has run. Chromium re-evaluates an iframe's media queries on a viewport resize
 * that follows a scale change, not on the scale change itself (measured: the `change` never
 * comes otherwise), so the viewport is then made 1 px shorter until the change has come, and
 * given its size back. Fails after 120 frames without the event. The page's own metrics are
 * put back when the test ends (see {@link restoreDevicePixelRatio}).
 */
export async function setDevicePixelRatio(ratio: number): Promise<void> {
  if (!original) {
    original = metricsNow();
    onTestFinished(restoreDevicePixelRatio);
  }
  const before = window.devicePixelRatio;
  if (ratio === before) return;
  let reported = false;
  const query = mediaQuery(`(resolution: ${before}dppx)`);
  const onChange = () => {
    reported = true;
  };
  query.addEventListener('change', onChange);
  const session = cdp();
  const metrics = { ...original, deviceScaleFactor: ratio };
  await session.send('Emulation.setDeviceMetricsOverride', metrics);
  await session.send('Emulation.setDeviceMetricsOverride', {
    ...metrics,
    height: metrics.height - 1,
  });
  for (let frames = 0; !reported; frames++) {
    if (frames === 120)
      throw new Error(`no media query change after a change of ratio to ${ratio}`);
    await animationFrames(1);
  }
  query.removeEventListener('change', onChange);
  await session.send('Emulation.setDeviceMetricsOverride', metrics);
  if (window.devicePixelRatio !== ratio) {
    throw new Error(`devicePixelRatio is ${window.devicePixelRatio}, not ${ratio}`);
  }
}

/**
 * Puts back the metrics {@link setDevicePixelRatio} found, and checks that the page is as it was:
 * same ratio, same viewport. Not `Emulation.clearDeviceMetricsOverride`: that also drops the
 * viewport Playwright emulates (measured: the page went from 1280×720 to the window's 1280×633
 * and the test iframe was scaled anew), so later tests would run on another page size.
 */
async function restoreDevicePixelRatio(): Promise<void> {
  if (!original) return;
  const saved = original;
  await setDevicePixelRatio(saved.deviceScaleFactor);
  const now = metricsNow();
  if (JSON.stringify(now) !== JSON.stringify(saved)) {
    throw new Error(`page metrics not restored: ${JSON.stringify(now)}`);
  }
  original = undefined;
}
