import type { RollbackSession } from '@loop/net/rollback';
import { POSE_STRIDE, type RapierRollback } from '@loop/rapier/rollback';
import { bodyOf, fallsOf, type World } from './game';

/** How often the panel's text is written, in ms: figures a person reads, not every frame. */
const EVERY_MS = 250;

/**
 * The figures that make rollback visible: ping to each other player, rollbacks per second,
 * ticks rolled back (resimulated) in all, the input delay and ticks predicted, whether the
 * confirmed checksums agree, each player's falls, and in development the sync test's checks
 * (`npm run dev` serves `@loop/net/rollback`'s development build, where every tick is stepped
 * again and compared; a production build leaves it off). Also written as data- attributes of
 * the element, which the e2e test reads.
 */
export class Panel {
  readonly #element: HTMLElement;
  readonly #players: number;
  #at = -Infinity;
  #rollbacks = 0;

  /**
   * `routes` says how the other pages are reached online (`direct` or `relay` for each), shown
   * so a player sees when the data channel failed and the server relays; `local` by default.
   */
  constructor(
    element: HTMLElement,
    players: number,
    readonly routes: () => string = () => 'local',
  ) {
    this.#element = element;
    this.#players = players;
  }

  /** Updates the figures from the sessions (the first is this page's view) at `now` ms. */
  show(sessions: readonly RollbackSession[], drawn: RapierRollback<World>, now: number) {
    if (now - this.#at < EVERY_MS) return;
    const seconds = this.#at === -Infinity ? 1 : (now - this.#at) / 1000;
    this.#at = now;
    const session = sessions[0]!;
    const { rollbacks, resimulated, checked } = session.counts;
    const perSecond = (rollbacks - this.#rollbacks) / seconds;
    this.#rollbacks = rollbacks;
    const agree = agreement(sessions);
    const lines = [
      `tick ${session.frame}, confirmed ${session.confirmed}`,
      `delay ${session.delay}, predicting ${session.predicted} ticks`,
      `rollbacks ${perSecond.toFixed(1)}/s, ticks rolled back ${resimulated}`,
      `checksums ${agree}, link ${this.routes()}`,
    ];
    if (checked > 0) lines.push(`sync test: ${checked} ticks checked`);
    for (let p = 0; p < this.#players; p++) {
      const ping = session.status(p) === 'local' ? null : session.rtt(p);
      const pingText = ping === null ? 'you' : `ping ${Math.round(ping)} ms`;
      lines.push(`P${p + 1} ${pingText}, falls ${fallsOf(drawn, this.#players, p)}`);
    }
    const data = this.#element.dataset;
    data.frame = String(session.frame);
    data.rollbacks = String(rollbacks);
    data.resimulated = String(resimulated);
    data.checked = String(checked);
    data.agree = agree;
    data.route = this.routes();
    for (let p = 0; p < this.#players; p++)
      data[`x${p}`] = String(drawn.poses[bodyOf.ball(p) * POSE_STRIDE]);
    this.#element.textContent = lines.join('\n');
  }
}

/**
 * `agree`, `DESYNC` or `pending`: locally the two sessions' checksums of the latest tick both
 * confirmed (`pending` while one does not hold it); online, the session's own comparison of the
 * checksums its peers send.
 */
export function agreement(sessions: readonly RollbackSession[]): string {
  if (sessions.some((s) => s.desync !== null)) return 'DESYNC';
  if (sessions.length < 2) return sessions[0]!.confirmed > 0 ? 'agree' : 'pending';
  const tick = Math.min(...sessions.map((s) => s.confirmed)) - 1;
  // Each holds the checksums of its last 128 confirmed ticks (−1 for any other, tick −1 before
  // both confirmed one): one far ahead of the other (after a stall) may hold that tick no more,
  // and nothing can be compared until the other catches up.
  if (sessions.some((s) => s.checksum(tick) === -1)) return 'pending';
  const first = sessions[0]!.checksum(tick);
  return sessions.every((s) => s.checksum(tick) === first) ? 'agree' : 'DESYNC';
}

/**
 * The latency and loss sliders inside `hud`, set from the URL and calling `change` as they move;
 * hidden online (`null`), where the network is real. The values in force are also the HUD's
 * `data-latency` (ms) and `data-loss` (%), for a test to read. Returns what removes its
 * listeners (a hot update's scope calls it).
 */
export function sliders(
  hud: HTMLElement,
  latency: number | null,
  loss: number | null,
  change: (latency: number, loss: number) => void,
) {
  const inputs = ['#latency', '#loss'].map((id) => hud.querySelector<HTMLInputElement>(id)!);
  const [l, s] = inputs as [HTMLInputElement, HTMLInputElement];
  if (latency === null || loss === null) {
    l.parentElement!.parentElement!.hidden = true;
    return () => {};
  }
  l.value = String(latency);
  s.value = String(Math.round(loss * 100));
  const update = () => {
    for (const input of inputs) input.nextElementSibling!.textContent = input.value;
    hud.dataset.latency = l.value;
    hud.dataset.loss = s.value;
    change(Number(l.value), Number(s.value) / 100);
  };
  for (const input of inputs) input.addEventListener('input', update);
  update();
  return () => {
    for (const input of inputs) input.removeEventListener('input', update);
  };
}
