import { createLoop } from '@loop/core';
import {
  createInput,
  createScope,
  createStatsOverlay,
  type InputSnapshot,
  type Scope,
  stylePage,
  watchCanvas,
} from '@loop/core/dom';
import type { Client } from 'colyseus.js';
import { joinLink, type RoomLink } from '../colyseus-client/room-link.js';
import type { Conditioner } from '../link/conditioner.js';
import type { Link } from '../link/link.js';
import { NetFigures } from '../page/figures.js';
import type { NetClient } from '../page/net-client.js';
import { NetSwitches } from '../page/net-switches.js';
import { PANELS, type View } from './letterbox.js';
import { NetFrame } from './net-frame.js';
import { conditionerFromUrl, linkStatus } from './page-wiring.js';
import { measurePanels } from './panels.js';

/** What a game gives {@link startNetPage}: its room, its client, its steering and drawing. */
export interface NetPageOptions<C extends NetClient<unknown>> {
  /** The colyseus.js client to join with (`new Client(`${location.origin}/colyseus`)`). */
  colyseus: Client;
  /** The room to join or create, also the status line's name for it. */
  room: string;
  /** The game's client over the page's (conditioned) link. */
  createClient(link: Link): C;
  /** This frame's keys and pointer into the client's input; `view` is the canvas's size. */
  steer(keys: InputSnapshot, client: C, view: View): void;
  /** Draws a frame into the canvas of `view` (after `client.draw()`). */
  draw(client: C, view: View, now: number, steps: number): void;
  /** The stats overlay's title (the step and snapshot rates, say). */
  label: string;
  /** Called once joined, before the first frame (a trace, a hook for tests). */
  joined?(page: JoinedPage<C>): void;
  /** The page's switches (`?net=bad`, `seed=N`); default the page's URL. */
  params?: URLSearchParams;
}

/** What {@link startNetPage} made once it joined. */
export interface JoinedPage<C> {
  client: C;
  conditioner: Conditioner;
  link: RoomLink;
}

/** A page {@link startNetPage} started. */
export interface NetPage<C> {
  /** Everything it started: dispose it to leave the room and stop (a hot update does). */
  scope: Scope;
  /** The canvas's size and the panels' corners, kept current. */
  view: View;
  /** The canvas, `#game`. */
  canvas: HTMLCanvasElement;
  /** Settles once joined and the loop runs; the status line says why when it fails. */
  joined: Promise<JoinedPage<C>>;
}

const ARROWS = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Space'];

function element<E extends Element>(selector: string): E {
  const found = document.querySelector<E>(selector);
  if (!found) throw new RangeError(`the page must have ${selector}, found none`);
  return found;
}

/**
 * The canvas's size and the corners the stats overlay (top left) and the HUD (bottom right)
 * take over it, for the world to keep clear of them (the letterbox): measured when a panel
 * opens, folds or wraps and when the canvas resizes, never per frame. `panelSizes` observes a
 * panel made later (the overlay).
 */
function trackView(canvas: HTMLCanvasElement, hud: HTMLElement, scope: Scope) {
  const view: View = { width: 1, height: 1, ratio: 1, panels: new Float64Array(PANELS) };
  const measure = () =>
    measurePanels(view.panels!, canvas, document.querySelector('[data-loop-stats]'), hud);
  const panelSizes = new ResizeObserver(measure);
  panelSizes.observe(hud);
  scope.add(
    watchCanvas(canvas, (size) => {
      view.width = size.width;
      view.height = size.height;
      view.ratio = size.ratio;
      measure();
    }),
  );
  scope.add(() => panelSizes.disconnect());
  return { view, panelSizes };
}

/**
 * The page of a Colyseus game on `@loop/net`, everything but the game: the canvas `#game` and the
 * HUD `#hud` styled and measured (the panels' corners in `view.panels` for the letterbox, on
 * resize only), keys and pointer, the room joined with the status line `#status` following the
 * link (`linkStatus`), the conditioner from the URL, the switches on the buttons `#predict`,
 * `#interpolate` and `#conditioner` and on P, I and N, one variable-step loop running
 * {@link NetFrame}, and the stats overlay with {@link NetFigures}. Every networked demo repeats
 * this wiring; a game keeps its client, steering and drawing. Missing elements are a RangeError
 * naming the selector, at once.
 */
export function startNetPage<C extends NetClient<unknown>>(options: NetPageOptions<C>): NetPage<C> {
  const canvas = element<HTMLCanvasElement>('#game');
  const hud = element<HTMLElement>('#hud');
  const status = element<HTMLElement>('#status');
  const buttons = {
    predict: element<HTMLButtonElement>('#predict'),
    interpolate: element<HTMLButtonElement>('#interpolate'),
    conditioner: element<HTMLButtonElement>('#conditioner'),
  };
  stylePage({ canvas, hud });
  const scope = createScope();
  const { view, panelSizes } = trackView(canvas, hud, scope);
  const input = scope.add(createInput({ pointer: canvas, preventDefault: ARROWS, buttons: hud }));
  const run = async (): Promise<JoinedPage<C>> => {
    let client: C | undefined;
    const onState = (state: Parameters<typeof linkStatus>[0], code: number) => {
      status.textContent = linkStatus(state, code, client?.predictor.slot ?? 0);
    };
    const link = await joinLink(options.colyseus, options.room, {}, { onState });
    scope.add(() => void link.leave());
    const params = options.params ?? new URLSearchParams(location.search);
    const conditioner = conditionerFromUrl(link, params);
    client = options.createClient(conditioner);
    const joined = { client, conditioner, link };
    options.joined?.(joined);
    const switches = new NetSwitches(client, conditioner, buttons);
    status.textContent = 'Joined; waiting for the first snapshot…';
    const frame = new NetFrame(client, conditioner, switches, status, options.room, {
      steer: (keys: InputSnapshot, c: C) => options.steer(keys, c, view),
      draw: (c: C, now: number, steps: number) => options.draw(c, view, now, steps),
    });
    const loop = createLoop({
      mode: 'variable',
      update: () => frame.update(input.sample()),
      render: (_alpha, state) => frame.render(state.now),
    });
    scope.add(loop).start();
    const figures = new NetFigures(client, conditioner);
    const overlay = scope.add(
      createStatsOverlay(loop, {
        label: options.label,
        lines: () => figures.lines(performance.now()),
      }),
    );
    panelSizes.observe(overlay.element);
    return joined;
  };
  const joined = run();
  joined.catch((error: unknown) => {
    status.textContent = `Could not join: ${error instanceof Error ? error.message : String(error)}`;
  });
  return { scope, view, canvas, joined };
}
