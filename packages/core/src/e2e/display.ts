/// <reference types="node" />
import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { type Found, findExecutable, type SearchPlaces } from './find-executable.js';

/** What to do without Xvfb: one line, for the skip message and the error alike. */
export const INSTALL_XVFB =
  'install Xvfb (Debian/Ubuntu: sudo apt-get install xvfb; Fedora: sudo dnf install xorg-x11-server-Xvfb), or set XVFB_PATH';

/**
 * Xvfb, the X server that draws into memory: headless Firefox has no WebGL on a machine without
 * a GPU, while headful Firefox on a virtual display gets it from Mesa's software renderer. Found
 * the usual ways: XVFB_PATH, /usr/bin/Xvfb, then `Xvfb` on PATH.
 */
export function findXvfb(places: SearchPlaces = {}): Found {
  return findExecutable({
    variables: ['XVFB_PATH'],
    candidates: places.usual ?? ['/usr/bin/Xvfb', '/usr/local/bin/Xvfb'],
    names: ['Xvfb'],
    env: places.env ?? process.env,
    missing: 'Xvfb',
  });
}

/**
 * Whether a headful browser needs a virtual display on `platform` to draw WebGL without a GPU:
 * on Linux (and other X11 systems); macOS and Windows always have a display of their own.
 */
export function needsVirtualDisplay(platform: string = process.platform): boolean {
  return platform !== 'darwin' && platform !== 'win32';
}

/** A running virtual display: its name for DISPLAY (`:99`), and how to stop it. */
export interface VirtualDisplay {
  /** The value of DISPLAY for a program to draw on it. */
  readonly display: string;
  /** Stops the X server. */
  close(): void;
}

/**
 * Starts the Xvfb at `path` on the first free display (it writes the number it took to the pipe
 * named by `-displayfd`, so two runs never collide) and resolves with the display's name; rejects
 * with what Xvfb said when it exits before that.
 */
export function startVirtualDisplay(path: string): Promise<VirtualDisplay> {
  const server = spawn(
    path,
    ['-displayfd', '3', '-screen', '0', '1280x800x24', '-nolisten', 'tcp'],
    {
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    server.stderr?.on('data', (chunk: Buffer) => {
      err += chunk;
    });
    server.once('error', (e) => reject(new Error(`Xvfb did not start (${e.message})`)));
    // 'close', not 'exit': it comes once stderr has been read to its end, so the error says all.
    server.once('close', (code) => reject(new Error(`Xvfb exited (${code}): ${err.trim()}`)));
    (server.stdio[3] as Readable).on('data', (chunk: Buffer) => {
      out += chunk;
      if (out.includes('\n')) {
        resolve({ display: `:${out.trim()}`, close: () => void server.kill() });
      }
    });
  });
}
