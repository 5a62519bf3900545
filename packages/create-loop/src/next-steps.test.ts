import { describe, expect, it } from 'vitest';
import { cdPathFor, nextSteps, shellQuote } from './next-steps.js';

describe('nextSteps', () => {
  it('prints each manager’s own install and dev commands', () => {
    expect(nextSteps('npm', 'game')).toEqual(['cd game', 'npm install', 'npm run dev']);
    expect(nextSteps('pnpm', 'game')).toEqual(['cd game', 'pnpm install', 'pnpm dev']);
    expect(nextSteps('yarn', 'game')).toEqual(['cd game', 'yarn', 'yarn dev']);
    expect(nextSteps('bun', 'game')).toEqual(['cd game', 'bun install', 'bun run dev']);
  });

  it('builds the workspace packages a project kept workspace: specs for, before dev', () => {
    expect(nextSteps('pnpm', 'games/g', 'g')).toEqual([
      'cd games/g',
      'pnpm install',
      "pnpm --filter 'g^...' build",
      'pnpm dev',
    ]);
  });

  it('leaves out cd for the current directory and quotes paths with spaces', () => {
    expect(nextSteps('npm', undefined)).toEqual(['npm install', 'npm run dev']);
    expect(nextSteps('npm', 'my game')[0]).toBe("cd 'my game'");
  });
});

describe('cdPathFor', () => {
  it('is relative below the cwd, absolute outside it, undefined for the cwd itself', () => {
    expect(cdPathFor('/home/me', '/home/me/game')).toBe('game');
    expect(cdPathFor('/home/me', '/home/me/a/b')).toBe('a/b');
    expect(cdPathFor('/home/me', '/tmp/game')).toBe('/tmp/game');
    expect(cdPathFor('/home/me', '/home/me')).toBeUndefined();
  });
});

describe('shellQuote', () => {
  it('leaves plain paths bare', () => {
    expect(shellQuote('a/b-c_d.e', 'linux')).toBe('a/b-c_d.e');
  });
  it('quotes spaces and quotes for POSIX shells', () => {
    expect(shellQuote('my game', 'linux')).toBe("'my game'");
    expect(shellQuote("it's", 'linux')).toBe("'it'\\''s'");
    expect(shellQuote('$HOME', 'darwin')).toBe("'$HOME'");
  });
  it('uses double quotes on Windows', () => {
    expect(shellQuote('C:\\my game', 'win32')).toBe('"C:\\my game"');
    expect(shellQuote('say "hi"', 'win32')).toBe('"say ""hi"""');
  });
});
