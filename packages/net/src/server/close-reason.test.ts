import { describe, expect, it } from 'vitest';
import { closeReason, MAX_REASON_BYTES } from './close-reason.js';

const bytes = (text: string) => Buffer.byteLength(text);

describe('closeReason', () => {
  it('keeps a reason that fits, to the last byte', () => {
    expect(closeReason('malformed messages')).toBe('malformed messages');
    const full = 'x'.repeat(MAX_REASON_BYTES);
    expect(closeReason(full)).toBe(full);
  });

  it('cuts a longer one to 123 bytes, whole characters', () => {
    expect(closeReason('x'.repeat(500))).toBe('x'.repeat(MAX_REASON_BYTES));
    const wide = closeReason('é'.repeat(100)); // 2 bytes each
    expect([bytes(wide), wide]).toEqual([122, 'é'.repeat(61)]);
    const emoji = closeReason('😀'.repeat(40)); // 4 bytes, two UTF-16 units each
    expect(bytes(emoji)).toBeLessThanOrEqual(MAX_REASON_BYTES);
    expect(bytes(emoji)).toBeGreaterThan(MAX_REASON_BYTES - 4);
  });
});
