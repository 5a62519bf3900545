import type { Conditioner } from '../link/conditioner.js';
import type { NetClient } from '../page/net-client.js';
import type { NetSwitches } from '../page/net-switches.js';
import { type Keys, pressSwitchKeys } from './page-wiring.js';

/** What a page frame asks of the game: its steering and its drawing. */
export interface NetFrameHooks<C, K extends Keys> {
  /** This frame's keys (and pointer) into `client.input`, before the client steps. */
  steer(keys: K, client: C): void;
  /** Draws the frame after `client.draw()`: `steps` is how many prediction steps it took. */
  draw(client: C, now: number, steps: number): void;
}

/** What a status line needs: an element's text. */
export interface StatusLine {
  textContent: string | null;
}

/**
 * One frame of a networked page, in the order every such page needs it: the switches' keys,
 * the game's steering, the conditioner pumped, the client's update (pings, prediction, inputs);
 * then the client's draw and the game's. The status line says `In the <room>, seat N` when the
 * prediction starts (the first snapshot seated this page). Kept apart from the DOM
 * ({@link startNetPage} runs it in a variable-step loop) so the order is tested in Node; the
 * fixed step lives in the client, which steps to the tick the server's clock calls for, so a
 * frame of any length is one update and one render. Allocates nothing per frame.
 */
export class NetFrame<C extends NetClient<unknown>, K extends Keys = Keys> {
  /** Prediction steps the last {@link update} took, until the next {@link render} reads them. */
  steps = 0;
  #seated = false;

  constructor(
    readonly client: C,
    readonly conditioner: Conditioner,
    readonly switches: NetSwitches,
    readonly status: StatusLine,
    readonly room: string,
    readonly hooks: NetFrameHooks<C, K>,
  ) {}

  /** A loop's update: keys, steering, the conditioner, the client. */
  update(keys: K): void {
    pressSwitchKeys(this.switches, keys);
    this.hooks.steer(keys, this.client);
    this.conditioner.pump();
    this.steps = this.client.update();
    const started = this.client.predictor.started;
    if (started !== this.#seated) {
      this.#seated = started;
      this.status.textContent = `In the ${this.room}, seat ${this.client.predictor.slot + 1}`;
    }
  }

  /** A loop's render at `now`: the client's draw, then the game's. */
  render(now: number): void {
    this.client.draw();
    this.hooks.draw(this.client, now, this.steps);
    this.steps = 0;
  }
}
