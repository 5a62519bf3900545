import { describe, expect, it } from 'vitest';
import { type ChunkGroup, vendorChunks } from './vendor-chunks.js';

/** The chunk a module goes to: the first group whose test matches its id, as Rolldown does. */
const chunkOf = (groups: readonly ChunkGroup[], id: string) =>
  groups.find((group) => group.test.test(id))?.name;

const IDS = {
  threeCore: '/g/node_modules/three/build/three.core.js',
  threeRenderer: '/g/node_modules/three/build/three.module.js',
  threeAddon: 'C:\\g\\node_modules\\three\\examples\\jsm\\x.js',
  react: '/g/node_modules/react/index.js',
  reactDom: '/g/node_modules/react-dom/client.js',
  scheduler: 'C:\\g\\node_modules\\scheduler\\index.js',
  rapier: '/g/node_modules/@dimforge/rapier3d/rapier.js',
  fiber: '/g/node_modules/@react-three/fiber/dist/index.js',
  zustand: '/g/node_modules/.pnpm/zustand@5/node_modules/zustand/index.js',
  game: '/g/src/game.ts',
  lookalike: '/g/src/three/build/three.core.js',
  reactLike: '/g/node_modules/react-three/index.js',
};

describe('vendorChunks', () => {
  it('sends three.js (core apart), React, Rapier and every other package to their files', () => {
    const { groups } = vendorChunks(['vendor', 'rapier', 'react', 'three']);
    expect(groups.map((g) => g.name)).toEqual(['three-core', 'three', 'react', 'rapier', 'vendor']);
    const chunks = Object.fromEntries(
      Object.entries(IDS).map(([what, id]) => [what, chunkOf(groups, id)]),
    );
    expect(chunks).toEqual({
      threeCore: 'three-core',
      threeRenderer: 'three',
      threeAddon: 'three',
      react: 'react',
      reactDom: 'react',
      scheduler: 'react',
      rapier: 'rapier',
      fiber: 'vendor',
      zustand: 'vendor',
      game: undefined,
      lookalike: undefined,
      reactLike: 'vendor',
    });
  });

  it('makes only the chunks named, and none for an empty list', () => {
    const { groups } = vendorChunks(['three']);
    expect(groups.map((g) => g.name)).toEqual(['three-core', 'three']);
    expect(chunkOf(groups, IDS.react)).toBeUndefined();
    expect(chunkOf(groups, `${IDS.threeCore}.map`)).toBe('three');
    expect(vendorChunks(['rapier']).groups.map((g) => g.name)).toEqual(['rapier']);
    expect(vendorChunks([]).groups).toEqual([]);
  });

  it('refuses a name it does not know, and a list that is none, naming them', () => {
    expect(() => vendorChunks(['three', 'fiber' as never])).toThrow(
      new RangeError('rapierGameConfig chunks: fiber is not one of three, react, rapier, vendor'),
    );
    expect(() => vendorChunks('three' as never)).toThrow(
      new RangeError('rapierGameConfig chunks must be a list of names, got three'),
    );
  });
});
