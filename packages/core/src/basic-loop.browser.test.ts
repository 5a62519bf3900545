import { describe, expect, it } from 'vitest';
import { createBasicLoop } from './basic-loop.js';

describe('createBasicLoop on requestAnimationFrame', () => {
  it('runs while started and stops on stop()', async () => {
    let renders = 0;
    const loop = createBasicLoop({ update: () => {}, render: () => renders++ }).start();
    await new Promise((r) => setTimeout(r, 200));
    loop.stop();
    const count = renders;
    expect(count).toBeGreaterThan(2);
    await new Promise((r) => setTimeout(r, 100));
    expect(renders).toBe(count);
  });
});
