import { describe, expect, it } from 'vitest';
import { foldHud, statsFoldRemembered } from './hud-fold.js';
import { PAGE_IDS, pageElements } from './page-elements.js';
import { HUD_PARTS } from './page-hud.js';
import { RAPIER_PAGE_CSS } from './page-style.js';
import { startRapierPage } from './start-page.js';

/** Stand-ins for the HUD and its More button (Node has no DOM): the fields the fold writes. */
function hudOf() {
  const attributes: Record<string, string> = {};
  return {
    hud: { dataset: {} as Record<string, string> },
    more: {
      textContent: '',
      attributes,
      setAttribute(name: string, value: string) {
        attributes[name] = value;
      },
    },
  };
}

/** Options every check below starts from: a page that could start. */
function options(fields: Record<string, unknown> = {}) {
  return {
    label: 'rapier 60 Hz',
    timestep: 1000 / 60,
    keyframeSeconds: 2,
    bodies: 3,
    init: {},
    controls: { values: new Float64Array(2), read: () => new Float64Array(2) },
    pulses: [1],
    build: 'b',
    mainThread: async () => undefined as never,
    worker: () => undefined as never,
    view: () => ({ draw() {}, resize() {} }),
    ...fields,
  };
}

describe('the page start-up', () => {
  it('folds the HUD to its playing buttons and opens it again, the More button saying which', () => {
    const { hud, more } = hudOf();
    const e = { hud, more } as never;
    foldHud(e, true);
    expect(hud.dataset.folded).toBe('true');
    expect(more.attributes['aria-expanded']).toBe('false');
    expect(more.textContent).toBe('More');
    foldHud(e, false);
    expect(hud.dataset.folded).toBe('false');
    expect(more.attributes['aria-expanded']).toBe('true');
    expect(more.textContent).toBe('Less');
  });

  it('keeps a fold the player chose before, and remembers nothing where storage is refused', () => {
    const stored = (value: string | null) => () => ({ getItem: () => value }) as never;
    expect(statsFoldRemembered(stored('true'))).toBe(true);
    expect(statsFoldRemembered(stored('false'))).toBe(true);
    expect(statsFoldRemembered(stored(null))).toBe(false);
    const refused = () => {
      throw new Error('SecurityError');
    };
    expect(statsFoldRemembered(refused)).toBe(false);
  });

  it('finds every element by its id, and names the first one missing', () => {
    const ids = Object.values(PAGE_IDS);
    const all = { getElementById: (id: string) => ({ id }) } as never;
    const found = pageElements(all) as unknown as Record<string, { id: string }>;
    expect(Object.values(found).map((e) => e.id)).toEqual(ids);
    expect(found.status!.id).toBe('replay');
    const noSpeed = { getElementById: (id: string) => (id === 'speed' ? null : { id }) } as never;
    expect(() => pageElements(noSpeed)).toThrow(
      'startRapierPage needs an element #speed, found none',
    );
  });

  it('gives the HUD every element the page start-up needs, the replay-only ones marked', () => {
    const all = Object.values(HUD_PARTS).join('\n');
    const ids = [...all.matchAll(/id="([\w-]+)"/g)].map((m) => m[1]);
    expect(ids.sort()).toEqual(
      [
        ...Object.values(PAGE_IDS).filter((id) => id !== 'game' && id !== 'hud'),
        'end',
        'instant',
      ].sort(),
    );
    expect(HUD_PARTS.replay).toMatch(/id="end" class="replay-only"/);
    expect(HUD_PARTS.replay).toMatch(/<label class="replay-only">speed <select id="speed">/);
    expect(HUD_PARTS.replay).toMatch(/data-key="KeyR"/);
    expect(HUD_PARTS.replay).toMatch(/data-key="Escape"/);
    // Behind More: folded away on a phone.
    expect(HUD_PARTS.settings.startsWith('<div class="row more">')).toBe(true);
    expect(HUD_PARTS.files.startsWith('<div class="row more">')).toBe(true);
  });

  it('styles what applies when: a replay shows its controls and its sign, live play its moves', () => {
    expect(RAPIER_PAGE_CSS).toContain('#hud:has(#replay[data-replay="replaying"]) .live-only');
    expect(RAPIER_PAGE_CSS).toContain(
      '#hud:not(:has(#replay[data-replay="replaying"])) .replay-only { display: none; }',
    );
    expect(RAPIER_PAGE_CSS).toContain(
      'body:has(#replay[data-replay="replaying"]) #replay-sign { display: block; }',
    );
    expect(RAPIER_PAGE_CSS).toContain('#hud[data-folded="true"] .more { display: none; }');
  });

  it('refuses options that make no page before touching the document, naming them', () => {
    const start = (fields: Record<string, unknown>) => () =>
      startRapierPage(options(fields) as never);
    expect(start({ label: 3 })).toThrow('startRapierPage label must be a string, got 3');
    expect(start({ timestep: 0 })).toThrow('startRapierPage timestep must be above 0, got 0');
    expect(start({ timestep: Number.NaN })).toThrow(RangeError);
    expect(start({ bodies: 0 })).toThrow('startRapierPage bodies must be an integer >= 1, got 0');
    expect(start({ bodies: 1.5 })).toThrow(RangeError);
    // No worker mode is fine: it goes on to the document, which Node lacks.
    expect(start({ worker: undefined })).toThrow(ReferenceError);
    expect(start({ worker: 'sim.worker.ts' })).toThrow(
      'startRapierPage worker must be a function, got sim.worker.ts',
    );
    expect(start({ view: undefined })).toThrow('startRapierPage view must be a function');
    expect(start({ mainThread: null })).toThrow('startRapierPage mainThread must be a function');
    expect(start({ controls: { read() {} } })).toThrow('startRapierPage controls must read input');
    expect(start({ pulses: [2] })).toThrow('startRapierPage pulses must be indices below 2, got 2');
  });
});
