import { preview } from 'vite';
import { describe, expect, it } from 'vitest';
import { galleryRoot } from '../apps.mjs';

describe('pnpm preview', () => {
  it('serves the built site with the cross-origin isolation headers worker mode needs', async () => {
    const server = await preview({ root: galleryRoot, preview: { port: 0, host: '127.0.0.1' } });
    try {
      const url = server.resolvedUrls!.local[0]!;
      const response = await fetch(`${url}rapier/index.html`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(response.headers.get('cross-origin-embedder-policy')).toBe('require-corp');
    } finally {
      await server.close();
    }
  });
});
