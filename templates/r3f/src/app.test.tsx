import type { Loop } from '@loop/core';
import { createInput } from '@loop/core/dom';
import type { CanvasProps } from '@react-three/fiber';
import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import {
  type BoxGeometry,
  type Color,
  type DirectionalLight,
  type HemisphereLight,
  type Mesh,
  PerspectiveCamera,
  Vector3,
} from 'three';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App, CAPS, MAX_STEPS, SIMULATION_HZ } from './app';
import { FLOOR_HALF, Game } from './game';
import { act, create, instancedMesh, type Renderer, vsync } from './scene.test-support';

/**
 * <App> in React Three Fiber's test renderer. Node has no DOM and no WebGL, so three things of
 * the page are stood in for, each recording what App gave it: `<Canvas>` (react-dom's canvas
 * and WebGL renderer) renders its children straight into the test renderer's own root, which
 * runs `frameloop="never"` as the page does; react-dom's `createPortal` hands the HUD it was
 * given to the test, which renders its markup and presses its buttons; `createStatsOverlay`
 * (a DOM element) records the loop and label it shows, and whether it was disposed.
 */
const seen = vi.hoisted(() => ({
  canvases: [] as Omit<CanvasProps, 'children'>[],
  portals: [] as { children: ReactNode; container: unknown }[],
  overlays: [] as { source: unknown; label: string | undefined; disposed: boolean }[],
}));

vi.mock('@react-three/fiber', async (original) => ({
  ...(await original<typeof import('@react-three/fiber')>()),
  Canvas: ({ children, ...props }: CanvasProps) => {
    seen.canvases.push(props);
    return children;
  },
}));

vi.mock('react-dom', async (original) => ({
  ...(await original<typeof import('react-dom')>()),
  createPortal: (children: ReactNode, container: unknown) => {
    seen.portals.push({ children, container });
    return null;
  },
}));

vi.mock('@loop/core/dom', async (original) => ({
  ...(await original<typeof import('@loop/core/dom')>()),
  createStatsOverlay: (source: unknown, options?: { label?: string }) => {
    const made = { source, label: options?.label, disposed: false };
    seen.overlays.push(made);
    return {
      dispose: () => {
        made.disposed = true;
      },
    };
  },
}));

/** A display vsync at 60 Hz, in ms. */
const VSYNC_MS = 1000 / 60;

/** The page's HUD element: App renders into it through a portal. */
const hud = { id: 'hud' };

let mounted: Renderer | undefined;
afterEach(async () => {
  await mounted?.unmount();
  mounted = undefined;
  seen.canvases.length = 0;
  seen.portals.length = 0;
  seen.overlays.length = 0;
});

async function mount() {
  const game = new Game(8);
  const input = createInput({ keyboard: null });
  mounted = await create(<App game={game} input={input} hud={hud as unknown as HTMLElement} />);
  return { renderer: mounted, game };
}

/** The HUD as App last rendered it into `hud`. */
function latestHud(): ReactNode {
  const portal = seen.portals.at(-1)!;
  expect(portal.container).toBe(hud);
  return portal.children;
}

/** The page's elements a React node renders to (function components called: the HUD has no hooks). */
function elements(node: ReactNode): ReactElement<Record<string, unknown>>[] {
  if (Array.isArray(node)) return node.flatMap(elements);
  if (!isValidElement<Record<string, unknown>>(node)) return [];
  if (typeof node.type === 'function') {
    return elements((node.type as (props: unknown) => ReactNode)(node.props));
  }
  const inner = elements(node.props.children as ReactNode);
  return typeof node.type === 'string' ? [node, ...inner] : inner;
}

/** Presses the HUD's cap button for `fps`, as a tap does. */
async function pressCap(fps: number) {
  const button = elements(latestHud()).find(
    (e) => e.type === 'button' && e.props['data-fps'] === fps,
  );
  expect(button, `a cap button for ${fps}`).toBeDefined();
  await act(async () => (button!.props.onClick as () => void)());
}

/** The cap buttons as the page shows them: each one's text and whether it is pressed. */
function capButtons(): string[] {
  const markup = renderToStaticMarkup(latestHud());
  return [
    ...markup.matchAll(/<button [^>]*data-fps="(\d+)" aria-pressed="(\w+)"[^>]*>(\d+)</g),
  ].map(([, fps, pressed, text]) => `${fps}:${pressed}:${text}`);
}

/** The loop the stats overlay in force shows. */
function liveLoop(): Loop {
  const live = seen.overlays.filter((o) => !o.disposed);
  expect(live).toHaveLength(1);
  return live[0]!.source as Loop;
}

/** The one object of the scene `is` picks, by three.js's flags (`isMesh`, `isHemisphereLight`). */
function one<T>(renderer: Renderer, is: (object: Record<string, unknown>) => boolean): T {
  const found = renderer.scene.findAll((n) => is(n.instance as unknown as Record<string, unknown>));
  expect(found).toHaveLength(1);
  return found[0]!.instance as unknown as T;
}

/** Runs `count` vsyncs of `ms`; returns the steps taken and the frames drawn meanwhile. */
function display(game: Game, count: number, ms = VSYNC_MS) {
  const loop = liveLoop();
  const ticks = game.ticks;
  const rendered = loop.stats.rendered;
  for (let i = 0; i < count; i++) vsync(ms);
  return { steps: game.ticks - ticks, drawn: loop.stats.rendered - rendered };
}

describe('<App>', () => {
  it('opens capped at 30 fps, its button pressed, the simulation at 60 steps a second', async () => {
    const { game } = await mount();
    expect(CAPS).toEqual([30, 60]);
    expect(capButtons()).toEqual(['30:true:30', '60:false:60']);
    expect(seen.overlays.map((o) => [o.label, o.disposed])).toEqual([
      [`cap 30 fps · simulation ${SIMULATION_HZ} Hz`, false],
    ]);
    vsync(VSYNC_MS); // the loop's first frame advances nothing
    // Two seconds of a 60 Hz display: every other vsync drawn, every step taken.
    const { steps, drawn } = display(game, 120);
    expect(steps).toBeGreaterThanOrEqual(119);
    expect(steps).toBeLessThanOrEqual(121);
    expect(drawn).toBe(60);
    expect(liveLoop().maxFps).toBe(30);
  });

  it('a tap on 60 lifts the cap: that button pressed, every vsync drawn, the overlay says so', async () => {
    const { game } = await mount();
    const first = liveLoop();
    await pressCap(60);
    expect(capButtons()).toEqual(['30:false:30', '60:true:60']);
    expect(seen.overlays.map((o) => [o.label, o.disposed])).toEqual([
      ['cap 30 fps · simulation 60 Hz', true],
      ['cap 60 fps · simulation 60 Hz', false],
    ]);
    expect(liveLoop()).toBe(first); // the same loop, its cap changed
    vsync(VSYNC_MS);
    const { steps, drawn } = display(game, 60);
    expect(drawn).toBe(60);
    expect(steps).toBeGreaterThanOrEqual(59);
    await pressCap(30);
    expect(capButtons()).toEqual(['30:true:30', '60:false:60']);
    expect(liveLoop().maxFps).toBe(30);
    expect(seen.overlays.map((o) => o.label).at(-1)).toBe('cap 30 fps · simulation 60 Hz');
  });

  it(`takes at most ${MAX_STEPS} steps in a frame after a stall: the game slows down instead`, async () => {
    const { game } = await mount();
    await pressCap(60);
    vsync(VSYNC_MS);
    expect(display(game, 1, 1000).steps).toBe(MAX_STEPS);
  });

  it('removes the stats overlay with the page', async () => {
    const { renderer } = await mount();
    await renderer.unmount();
    mounted = undefined;
    expect(seen.overlays.map((o) => o.disposed)).toEqual([true]);
  });

  it('shows the HUD: the caps, a Jump button that taps Space, and the hint', async () => {
    await mount();
    const markup = renderToStaticMarkup(latestHud());
    expect(markup).toContain('<span>FPS cap </span>');
    expect(markup).toContain('<button type="button" data-key="Space">Jump</button>');
    expect(markup).toContain('Space or a tap on the scene: jump.');
  });

  it('frames the whole floor from above, the camera looking at the pile', async () => {
    await mount();
    const props = seen.canvases.at(-1)!;
    expect(props.frameloop).toBe('never'); // the loop, not R3F, decides which frames draw
    const given = props.camera as { position: [number, number, number]; fov: number };
    const camera = new PerspectiveCamera(given.fov, 1280 / 800);
    camera.position.set(...given.position);
    props.onCreated!({ camera } as never);
    camera.updateMatrixWorld();
    const ahead = camera.getWorldDirection(new Vector3());
    const toPile = new Vector3(0, 1, 0).sub(camera.position).normalize();
    expect(ahead.angleTo(toPile)).toBeLessThan(1e-6);
    for (const [x, z] of [
      [-1, -1],
      [-1, 1],
      [1, -1],
      [1, 1],
    ] as const) {
      const corner = new Vector3(x * FLOOR_HALF, 0, z * FLOOR_HALF).project(camera);
      expect(Math.abs(corner.x), `corner ${x}, ${z}`).toBeLessThan(1);
      expect(Math.abs(corner.y), `corner ${x}, ${z}`).toBeLessThan(1);
    }
  });

  it('draws the floor where Rapier has it, the boxes, a dark sky and lights from above', async () => {
    const { renderer, game } = await mount();
    expect(instancedMesh(renderer).count).toBe(game.count);
    const floor = one<Mesh<BoxGeometry>>(renderer, (o) => o.isMesh === true && !o.isInstancedMesh);
    const { width, height, depth } = floor.geometry.parameters;
    expect([width, depth]).toEqual([2 * FLOOR_HALF, 2 * FLOOR_HALF]);
    expect(floor.position.y + height / 2).toBe(0); // its top at y = 0, as Rapier's floor
    expect([floor.position.x, floor.position.z]).toEqual([0, 0]);
    const scene = renderer.scene.instance as unknown as { background: Color };
    const luminance = (c: Color) => 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b;
    expect(luminance(scene.background)).toBeLessThan(0.1);
    const sky = one<HemisphereLight>(renderer, (o) => o.isHemisphereLight === true);
    expect(luminance(sky.color)).toBeGreaterThan(luminance(sky.groundColor));
    expect(sky.intensity).toBeGreaterThan(1);
    const sun = one<DirectionalLight>(renderer, (o) => o.isDirectionalLight === true);
    expect(sun.position.y).toBeGreaterThan(Math.hypot(sun.position.x, sun.position.z));
    expect(Math.hypot(sun.position.x, sun.position.z)).toBeGreaterThan(0); // at a slant
  });
});
