import { Conditioner, createLinkPair, type Link } from '@loop/net';
import { joinMatch, type MeshOptions } from '@loop/net/p2p';
import { RollbackSession } from '@loop/net/rollback';
import { pushOff, TIMESTEP } from './game';

/** The in-memory link's conditions for local play: the sliders change them live. */
export interface Path {
  latency: number;
  jitter: number;
  loss: number;
  reorder: number;
}

/**
 * Local play: both players' sessions in this page, each with its own game, over an in-memory
 * link with a seeded Conditioner at each end, so rollbacks happen as they would between two
 * machines `path.latency` ms apart. The link and the sessions run on the match's own clock,
 * which `pump` moves on by a timestep and then delivers what is due: call it once per fixed
 * step, before the updates. A page that stalls, or a tab hidden a while (the loop pauses), is
 * then no silence between the two, which would drop each other after 2 s on the page's clock.
 */
export function localMatch(path: Path) {
  let time = 0;
  const now = () => time;
  const [a, b] = createLinkPair();
  const ends = [
    new Conditioner(a, { up: path, seed: 1, now }),
    new Conditioner(b, { up: path, seed: 2, now }),
  ];
  const games = [pushOff({ players: 2 }), pushOff({ players: 2 })];
  const sessions = games.map(
    (game, local) =>
      new RollbackSession({
        game,
        players: 2,
        local,
        links: local === 0 ? [null, ends[0]!] : [ends[1]!, null],
        now,
      }),
  );
  return {
    sessions,
    games,
    pump: () => {
      time += TIMESTEP;
      for (const end of ends) end.pump(time);
    },
    /** The sliders: new conditions for packets sent from now on, both ways. */
    condition(latency: number, loss: number) {
      for (const end of ends) Object.assign(end.up.settings, { latency, loss });
    },
  };
}

/**
 * Online play: joins `match` at `seat` through the signaling server at `url`, waits for the
 * others, then gives this page's session over a PeerLink (a WebRTC data channel or the relay)
 * to every other seat. `routes` says how each other page is reached; `close` leaves the match.
 * `options`: `joinMatch`'s others (`@loop/net/p2p`), such as ICE servers for players behind
 * strict NATs, or `relay: 'always'` and the `ws` package's WebSocket in Node's tests.
 */
export async function onlineMatch(
  url: string,
  match: string,
  seat: number,
  players: number,
  options: Omit<MeshOptions, 'url' | 'match' | 'seat'> = {},
) {
  const peers = await joinMatch({ ...options, url, match, seat });
  await peers.ready(players - 1);
  // A link to every other seat; the mesh has none to this page's own, which is null.
  const links: (Link | null)[] = Array.from({ length: players }, (_, p) => peers.link(p) ?? null);
  const game = pushOff({ players });
  const session = new RollbackSession({ game, players, local: seat, links });
  /** How each other page is reached: `direct` (a data channel) or `relay`, space separated. */
  const routes = () => peers.links.map((link) => link.route).join(' ');
  return { session, game, routes, close: () => peers.close() };
}
