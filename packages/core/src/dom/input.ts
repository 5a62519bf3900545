/**
 * Input for a fixed-step simulation. Events arrive between frames at any time, but the
 * simulation advances in fixed steps, zero, one or several per frame. Reading live key state
 * inside `update` breaks both ways: two steps in one frame both see one press (a jump done
 * twice), and a key pressed and released between two steps (a quick tap on a 144 Hz screen
 * running a 30 Hz simulation) is never seen at all. So events are collected as they come and
 * latched, and the update calls {@link Input.sample} once at the start of each fixed step: the
 * snapshot it returns holds still for that step, every press shows up in exactly one step, and
 * a replay that records snapshots per tick reproduces the game.
 */
import { checkKnownOptions } from '../known-options.js'; // development build only

const DOWN = 1;
const PRESSED = 2;
const RELEASED = 4;

/** The pointer (mouse, pen or touch) as one fixed step sees it. */
export class PointerSnapshot {
  /** Position in CSS pixels relative to the pointer element's top-left corner. */
  x = 0;
  /** Position in CSS pixels relative to the pointer element's top-left corner. */
  y = 0;
  /** A button or finger is down, or went down (a tap) since the previous step. */
  down = false;
  /** A button or finger went down since the previous step. */
  pressed = false;
  /** A button or finger went up since the previous step. */
  released = false;
  /** Pointers down right now: fingers on the screen, or 1 while a mouse button is held. */
  count = 0;
}

/**
 * What one fixed step sees of the keyboard and the pointer; rewritten in place by
 * {@link Input.sample}, so keep the object, not copies of it. Keys are `KeyboardEvent.code`
 * values (`KeyW`, `Space`, `ArrowLeft`): the physical key, the same on every layout.
 */
export class InputSnapshot {
  /** The pointer at this step. */
  readonly pointer = new PointerSnapshot();
  /** @internal flags per key code. */
  readonly keys = new Map<string, number>();

  /** The key is held, or was tapped (pressed and released) since the previous step. */
  isDown(code: string): boolean {
    return ((this.keys.get(code) ?? 0) & DOWN) !== 0;
  }

  /** The key went down since the previous step: true in exactly one step per press. */
  wasPressed(code: string): boolean {
    return ((this.keys.get(code) ?? 0) & PRESSED) !== 0;
  }

  /** The key went up since the previous step. */
  wasReleased(code: string): boolean {
    return ((this.keys.get(code) ?? 0) & RELEASED) !== 0;
  }
}

/** Options of {@link createInput}. */
export interface InputOptions {
  /**
   * The element whose pointer events (mouse, pen, touch) are read; positions are relative to
   * it. Usually the canvas. Its `touch-action` is set to `none` while watched, or the browser
   * takes a finger drag for scrolling and cancels the pointer.
   */
  pointer?: HTMLElement;
  /** Where keyboard events are read. Default `window`; `null` for no keyboard. */
  keyboard?: EventTarget | null;
  /** Key codes whose default action (scrolling by arrows and Space) is prevented. Default none. */
  preventDefault?: readonly string[];
  /**
   * Where the page's on-screen buttons are (the HUD): a click on a descendant with a `data-key`
   * attribute (a `KeyboardEvent.code`) taps that key, so a phone or a mouse reaches every key
   * by the keyboard's own path, with no listener per button. The step that sees a button's tap
   * adds one to the button's `data-presses`: proof, for a test or a curious player, that the
   * tap reached the simulation.
   */
  buttons?: HTMLElement;
}

/** Collects events as they come; see {@link createInput}. */
export class Input {
  /** The snapshot of the latest step: what {@link sample} returned last. */
  readonly snapshot = new InputSnapshot();

  private readonly live = new Map<string, number>();
  private readonly active = new Set<number>();
  private pointerX = 0;
  private pointerY = 0;
  private pointerLatch = 0;
  private originX = 0;
  private originY = 0;
  private readonly element: HTMLElement | undefined;
  private readonly keyboard: EventTarget | null;
  private readonly prevent: ReadonlySet<string>;
  private readonly touchAction: string;
  private readonly buttons: HTMLElement | undefined;
  /** The button last clicked for each key, until a step sees that key pressed. */
  private readonly clicked = new Map<string, HTMLElement>();

  constructor(options: InputOptions = {}) {
    checkKnownOptions(options, 'createInput'); // development build only
    this.element = options.pointer;
    this.keyboard =
      options.keyboard === undefined
        ? typeof window === 'undefined'
          ? null
          : window
        : options.keyboard;
    // new Set(undefined) is empty: no key prevented unless named.
    this.prevent = new Set(options.preventDefault);
    this.keyboard?.addEventListener('keydown', this.onKeyDown as EventListener);
    this.keyboard?.addEventListener('keyup', this.onKeyUp as EventListener);
    if (typeof window !== 'undefined') window.addEventListener('blur', this.releaseAll);
    const el = this.element;
    // Stryker disable next-line StringLiteral: the '' is kept only when there is no pointer element, and dispose() reads it only when there is one; an element's style.touchAction is a string, never nullish, so `??` never picks it
    this.touchAction = el?.style.touchAction ?? '';
    if (el) {
      el.style.touchAction = 'none';
      el.addEventListener('pointerdown', this.onPointerDown);
      el.addEventListener('pointerenter', this.locate);
      el.addEventListener('pointermove', this.onPointerMove);
      el.addEventListener('pointerup', this.onPointerUp);
      el.addEventListener('pointercancel', this.onPointerUp);
    }
    this.buttons = options.buttons;
    this.buttons?.addEventListener('click', this.onClick);
  }

  /**
   * Latches everything that happened since the previous call into {@link snapshot} and returns
   * it. Call it once at the start of every fixed step (first thing in `update`), never in
   * render: a frame that runs no step leaves presses latched for the next one.
   */
  sample(): InputSnapshot {
    this.live.forEach(this.latchKey);
    const p = this.snapshot.pointer;
    const latch = this.pointerLatch;
    p.x = this.pointerX;
    p.y = this.pointerY;
    p.count = this.active.size;
    p.pressed = (latch & PRESSED) !== 0;
    p.released = (latch & RELEASED) !== 0;
    p.down = p.count > 0 || p.pressed;
    this.pointerLatch = 0;
    return this.snapshot;
  }

  /**
   * A press and release of `code` since the last step, as if a key were tapped: on-screen
   * buttons call it so they reach the simulation by the same path as the keyboard.
   */
  tap(code: string): void {
    this.live.set(code, (this.live.get(code) ?? 0) | PRESSED | RELEASED);
  }

  /** Stops listening and gives the pointer element its `touch-action` back. */
  dispose(): void {
    this.keyboard?.removeEventListener('keydown', this.onKeyDown as EventListener);
    this.keyboard?.removeEventListener('keyup', this.onKeyUp as EventListener);
    if (typeof window !== 'undefined') window.removeEventListener('blur', this.releaseAll);
    const el = this.element;
    if (el) {
      el.style.touchAction = this.touchAction;
      el.removeEventListener('pointerdown', this.onPointerDown);
      el.removeEventListener('pointerenter', this.locate);
      el.removeEventListener('pointermove', this.onPointerMove);
      el.removeEventListener('pointerup', this.onPointerUp);
      el.removeEventListener('pointercancel', this.onPointerUp);
    }
    this.buttons?.removeEventListener('click', this.onClick);
    this.clicked.clear();
    this.releaseAll();
  }

  // Bound once here, so neither sample() nor the event handlers allocate a closure.
  private readonly latchKey = (flags: number, code: string): void => {
    this.snapshot.keys.set(code, flags & PRESSED ? flags | DOWN : flags);
    this.live.set(code, flags & DOWN);
    // Rare (a press of a key a button stands for): nothing is written in an ordinary step.
    const button = flags & PRESSED ? this.clicked.get(code) : undefined;
    if (button) {
      button.dataset.presses = String(Number(button.dataset.presses ?? 0) + 1);
      this.clicked.delete(code);
    }
  };

  /** A click inside `buttons`: the nearest `[data-key]` at or above its target taps its key. */
  private readonly onClick = (e: Event): void => {
    const button = (e.target as Element).closest?.<HTMLElement>('[data-key]');
    const code = button?.dataset.key;
    if (!code || !this.buttons!.contains(button)) return;
    this.clicked.set(code, button);
    this.tap(code);
  };

  private readonly onKeyDown = (e: KeyboardEvent): void => {
    if (this.prevent.has(e.code)) e.preventDefault();
    // Auto-repeat is not a new press.
    if (e.repeat) return;
    const flags = this.live.get(e.code) ?? 0;
    if (!(flags & DOWN)) this.live.set(e.code, flags | DOWN | PRESSED);
  };

  private readonly onKeyUp = (e: KeyboardEvent): void => {
    if (this.prevent.has(e.code)) e.preventDefault();
    const flags = this.live.get(e.code) ?? 0;
    if (flags & DOWN) this.live.set(e.code, (flags & ~DOWN) | RELEASED);
  };

  /** A window that loses focus never sends the key-ups: release what is held. */
  private readonly releaseAll = (): void => {
    this.live.forEach(this.releaseKey);
    if (this.active.size > 0) {
      this.active.clear();
      this.pointerLatch |= RELEASED;
    }
  };

  private readonly releaseKey = (flags: number, code: string): void => {
    if (flags & DOWN) this.live.set(code, (flags & ~DOWN) | RELEASED);
  };

  /**
   * Reads where the element is on the page. Positions are clientX minus this corner, not
   * offsetX (relative to whatever child the event hit). Read when a pointer enters or goes
   * down, not at every move, because getBoundingClientRect allocates and may force layout.
   */
  private readonly locate = (): void => {
    const rect = this.element!.getBoundingClientRect();
    this.originX = rect.left;
    this.originY = rect.top;
  };

  private readonly onPointerDown = (e: PointerEvent): void => {
    this.locate();
    this.move(e);
    this.active.add(e.pointerId);
    this.pointerLatch |= PRESSED;
    // Keep receiving this pointer's moves and its up even when it leaves the element.
    try {
      this.element!.setPointerCapture(e.pointerId);
    } catch {
      // A synthetic or already-released pointer cannot be captured, and some test DOMs have no
      // capture at all: then there is nothing to keep.
    }
  };

  private readonly onPointerMove = (e: PointerEvent): void => {
    // With several fingers down, the position follows the latest one to move.
    if (this.active.size === 0 || this.active.has(e.pointerId)) this.move(e);
  };

  private readonly onPointerUp = (e: PointerEvent): void => {
    if (!this.active.delete(e.pointerId)) return;
    this.move(e);
    this.pointerLatch |= RELEASED;
  };

  private move(e: PointerEvent): void {
    this.pointerX = e.clientX - this.originX;
    this.pointerY = e.clientY - this.originY;
  }
}

/**
 * Starts collecting keyboard and pointer input. Call `sample()` once at the start of every
 * fixed step and read the snapshot it returns; `dispose()` when done (on an HMR dispose, for
 * one).
 *
 * @example
 * const input = createInput({ pointer: canvas });
 * createLoop({
 *   update(dt) {
 *     const keys = input.sample();
 *     if (keys.wasPressed('Space')) player.jump();
 *     if (keys.isDown('ArrowLeft')) player.x -= speed * dt;
 *   },
 * });
 */
export function createInput(options: InputOptions = {}): Input {
  return new Input(options);
}
