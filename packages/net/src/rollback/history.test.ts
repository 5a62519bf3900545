import { describe, expect, it } from 'vitest';
import type { RollbackGame } from './game.js';
import { StateHistory } from './history.js';

/** An opaque game whose snapshot is `size` bytes of `fill`; it records the views `load` gets. */
function opaqueGame() {
  const state = { size: 1024, fill: 1 };
  const loaded: Uint8Array[] = [];
  const game: RollbackGame = {
    inputWords: 1,
    parts: [],
    step: () => {},
    save: () => new Uint8Array(state.size).fill(state.fill),
    load: (bytes) => {
      loaded.push(bytes);
    },
    checksum: () => state.fill,
  };
  return { state, loaded, game };
}

describe('StateHistory, an opaque game', () => {
  it("keeps each tick's snapshot in its slot's buffer: an exact fit stays, a larger one grows it once", () => {
    const { state, loaded, game } = opaqueGame();
    const history = new StateHistory(game, 4);
    /** Saves `tick` with a snapshot of `size` bytes of `fill`, loads it back: the view loaded. */
    const roundTrip = (tick: number, size: number, fill: number) => {
      state.size = size;
      state.fill = fill;
      history.save(tick);
      expect(history.load(tick)).toBe(true);
      const view = loaded.at(-1)!;
      expect([view.byteLength, view[0], view[size - 1]]).toEqual([size, fill, fill]);
      return view;
    };
    const first = roundTrip(0, 1024, 1);
    expect(roundTrip(4, 1024, 2).buffer).toBe(first.buffer); // slot 0 again, the same size
    const grown = roundTrip(8, 3000, 3);
    expect(grown.buffer).not.toBe(first.buffer);
    expect(grown.buffer.byteLength).toBe(3000);
    expect(roundTrip(12, 3000, 4)).toBe(grown); // an exact fit again: the same view
    expect(roundTrip(16, 10, 5).buffer).toBe(grown.buffer); // smaller: kept in the grown buffer
    expect([...history.bytes(16)]).toEqual(Array(10).fill(5));
  });
});
