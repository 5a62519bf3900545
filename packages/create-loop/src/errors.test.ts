import { describe, expect, it } from 'vitest';
import { CancelledError, CliError, oneLine } from './errors.js';

describe('oneLine', () => {
  it('folds multi-line messages into one line', () => {
    expect(oneLine(new Error('first\n  second\nthird'))).toBe('first second third');
  });
  it('handles non-errors and empty messages', () => {
    expect(oneLine('text')).toBe('text');
    expect(oneLine(new Error(''))).toBe('unknown error');
    expect(oneLine(new Error('disk full\n'))).toBe('disk full');
    expect(oneLine('  spaced  ')).toBe('spaced');
  });
});

describe('error classes', () => {
  it('are Errors with their own names', () => {
    expect(new CliError('x')).toBeInstanceOf(Error);
    expect(new CliError('x').name).toBe('CliError');
    expect(new CancelledError().message).toMatch(/nothing was written/);
    expect(new CancelledError()).toBeInstanceOf(Error);
    expect(new CancelledError().name).toBe('CancelledError');
  });
});
