import { describe, expect, it } from 'vitest';
import { createLoop } from '../loop.js';
import { animationFrames } from '../test-support/browser.js';
import { createScope } from './scope.js';

describe('createScope', () => {
  it('runs every cleanup once, newest first', () => {
    const order: string[] = [];
    const scope = createScope();
    scope.add(() => order.push('first'));
    scope.add(() => order.push('second'));
    const { dispose } = scope;
    dispose();
    dispose();
    expect(order).toEqual(['second', 'first']);
  });

  it('disposes an object it was given and returns it unchanged', () => {
    let disposed = 0;
    const thing = { dispose: () => disposed++ };
    const scope = createScope();
    expect(scope.add(thing)).toBe(thing);
    scope.dispose();
    expect(disposed).toBe(1);
  });

  it('removes the listeners it added', () => {
    const button = document.createElement('button');
    let clicks = 0;
    const scope = createScope();
    scope.listen(button, 'click', () => clicks++);
    button.click();
    scope.dispose();
    button.click();
    expect(clicks).toBe(1);
  });

  it('runs the rest when one cleanup throws, then throws the first error itself', () => {
    const ran: number[] = [];
    const scope = createScope();
    const first = new Error('the first to throw (newest first)');
    scope.add(() => ran.push(1));
    scope.add(() => {
      throw new Error('a later failure');
    });
    scope.add(() => {
      throw first;
    });
    let thrown: unknown;
    try {
      scope.dispose();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBe(first);
    expect(ran).toEqual([1]);
  });

  it('leaves no loop running after a simulated hot update', async () => {
    let oldRenders = 0;
    const scope = createScope();
    const old = createLoop({ render: () => oldRenders++ }).start();
    scope.add(() => old.stop());
    await animationFrames(3);
    scope.dispose(); // what import.meta.hot.dispose(scope.dispose) does
    expect(oldRenders).toBe(3);
    expect(old.running).toBe(false);
    await animationFrames(10);
    expect(oldRenders).toBe(3);
  });
});
