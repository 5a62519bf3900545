import { describe, expect, it, vi } from 'vitest';

/**
 * The fitted weight ratio of the batch slerp against the exact sin(tθ) / sin((1 − t)θ), over
 * the whole range it serves: t ∈ (0, 1/2], cos θ ∈ [0, 1] (both ends included, where a wrong
 * high-order term shows most). The module is imported fresh, so its tables (Chebyshev nodes and
 * polynomials, built once when the module loads) are rebuilt for this test too.
 */
async function freshRatio() {
  vi.resetModules();
  const { SlerpRatio } = await import('./slerp-fit.js');
  return new SlerpRatio();
}

const exact = (t: number, cos: number) => {
  const theta = Math.acos(cos);
  return theta === 0 ? t / (1 - t) : Math.sin(t * theta) / Math.sin((1 - t) * theta);
};

describe('SlerpRatio: the degree-8 Chebyshev fit of the slerp weight ratio', () => {
  it('is within 6e-9 of the exact ratio for every t ≤ 1/2 and cos θ in [0, 1]', async () => {
    const ratio = await freshRatio();
    let worst = 0;
    for (let ti = 1; ti <= 50; ti++) {
      const t = ti / 100;
      ratio.fit(t);
      for (let ci = 0; ci <= 200; ci++) {
        const cos = ci / 200;
        worst = Math.max(worst, Math.abs(ratio.at(cos) - exact(t, cos)));
      }
    }
    expect(worst).toBeLessThan(6e-9);
    expect(worst).toBeGreaterThan(0); // a fit, not the exact function
  });

  it('gives exactly 1 for t = 1/2, where both weights are equal', async () => {
    const ratio = (await freshRatio()).fit(0.5);
    for (const cos of [0, 0.25, 0.5, 0.9, 1]) expect(ratio.at(cos)).toBeCloseTo(1, 12);
  });

  it('refits for each t: a fit for one t is no fit for another', async () => {
    const ratio = await freshRatio();
    const at03 = ratio.fit(0.3).at(0.2);
    expect(Math.abs(at03 - exact(0.3, 0.2))).toBeLessThan(6e-9);
    expect(Math.abs(ratio.fit(0.1).at(0.2) - exact(0.1, 0.2))).toBeLessThan(6e-9);
    expect(ratio.at(0.2)).not.toBeCloseTo(at03, 3);
  });
});
