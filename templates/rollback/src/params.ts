/** What the page's URL asks for: online by `?match=`, else local with a conditioned link. */
export interface PageParams {
  /** The match to join online, or null for local play (two players on one keyboard). */
  match: string | null;
  /** This page's seat online (0 to players - 1). */
  seat: number;
  /** Players in the match, 2 to 4 (local play has 2). */
  players: number;
  /** Local play: one-way latency of the in-memory link in ms, 0 to 300. */
  latency: number;
  /** Local play: packet loss of the in-memory link, 0 to 0.5. */
  loss: number;
  /** Local play: the computer plays player 2 until an arrow is pressed (`?computer=0`: never). */
  computer: boolean;
}

/** Reads the integer `name` in [min, max], or `fallback` when absent; a RangeError otherwise. */
function int(search: URLSearchParams, name: string, min: number, max: number, fallback: number) {
  const text = search.get(name);
  if (text === null) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`?${name} must be an integer from ${min} to ${max}, got ${text}`);
  }
  return value;
}

/**
 * The page's parameters from `location.search`, checked here so a wrong URL says what is wrong
 * before any session starts: ?match=name&seat=0&players=2 online; ?latency=100&loss=10 local
 * (and ?computer=0 for a player 2 that only the arrows move).
 */
export function readParams(query: string): PageParams {
  const search = new URLSearchParams(query);
  const match = search.get('match');
  const players = int(search, 'players', 2, 4, 2);
  return {
    match: match === '' ? null : match,
    players,
    seat: int(search, 'seat', 0, players - 1, 0),
    latency: int(search, 'latency', 0, 300, 80),
    loss: int(search, 'loss', 0, 50, 5) / 100,
    computer: int(search, 'computer', 0, 1, 1) === 1,
  };
}
