import { describe, expect, it } from 'vitest';
import { Budget, FLOOD_LIMIT, MESSAGE_BURST, MESSAGES_PER_TICK } from './guards.js';

describe('Budget', () => {
  it('takes a burst, then a refill a tick, and asks for a disconnect after FLOOD_LIMIT ignored', () => {
    const budget = new Budget();
    for (let i = 0; i < MESSAGE_BURST; i++) expect(budget.spend()).toBe('ok');
    expect(budget.spend()).toBe('ignored');
    budget.refill();
    for (let i = 0; i < MESSAGES_PER_TICK; i++) expect(budget.spend()).toBe('ok');
    for (let i = 2; i < FLOOD_LIMIT; i++) expect(budget.spend()).toBe('ignored');
    expect(budget.spend()).toBe('flood');
    for (let i = 0; i < 1000; i++) budget.refill();
    expect(budget.tokens).toBe(MESSAGE_BURST);
  });
});
