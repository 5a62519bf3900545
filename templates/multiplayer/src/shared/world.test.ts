import { describe, expect, it } from 'vitest';
import { BODY_RADIUS, HEIGHT, MAX_PLAYERS, MAX_SPEED, PLAYER_RADIUS, TICK_RATE } from './arena';
import { BUTTON_BOOST, clampStick, writeInput } from './input';
import { STRIDE, World } from './world';

function hold(world: World, slot: number, x: number, y: number, buttons = 0): void {
  writeInput(world.inputs, slot * 3, x, y, buttons);
}

function run(world: World, ticks: number): void {
  for (let i = 0; i < ticks; i++) world.step();
}

describe('World', () => {
  it('moves a seated player with its stick, up to the top speed, and stops it exactly at 0', () => {
    const world = new World(1);
    world.join(0);
    const x0 = world.state[0]!;
    hold(world, 0, -127, 0);
    run(world, TICK_RATE);
    expect(world.state[0]).toBeLessThan(x0 - 100);
    expect(-world.state[2]!).toBeLessThanOrEqual(MAX_SPEED);
    expect(-world.state[2]!).toBeGreaterThan(MAX_SPEED * 0.9);
    hold(world, 0, 0, 0);
    run(world, TICK_RATE);
    expect(world.state[2]).toBe(0); // velocities are truncated to the grid: friction ends at 0
    expect(world.state[3]).toBe(0);
  });

  it('boosts past the top speed only with the boost button', () => {
    const world = new World(1);
    world.join(2);
    hold(world, 2, 0, -127); // seat 2 starts at the bottom: drive up
    run(world, 20);
    expect(-world.state[2 * STRIDE + 3]!).toBeLessThanOrEqual(MAX_SPEED);
    hold(world, 2, 0, -127, BUTTON_BOOST);
    run(world, 20);
    expect(-world.state[2 * STRIDE + 3]!).toBeGreaterThan(MAX_SPEED);
  });

  it('lets a player push a crate, which keeps sliding after the push', () => {
    const world = new World(1);
    world.join(0);
    const crate = MAX_PLAYERS * STRIDE;
    // Put the player just left of the first crate and drive right into it.
    world.state[0] = world.state[crate]! - PLAYER_RADIUS - BODY_RADIUS - 40;
    world.state[1] = world.state[crate + 1]!;
    const crateX = world.state[crate]!;
    hold(world, 0, 127, 0);
    run(world, 30);
    expect(world.state[crate]).toBeGreaterThan(crateX);
    const gap = world.state[crate]! - world.state[0]!;
    expect(gap).toBeGreaterThanOrEqual(PLAYER_RADIUS + BODY_RADIUS - 1);
    hold(world, 0, 0, 0);
    run(world, 5);
    expect(world.state[crate + 2]).toBeGreaterThan(0);
  });

  it('keeps everything inside the walls', () => {
    const world = new World(3);
    world.join(1);
    hold(world, 1, 0, 127, BUTTON_BOOST);
    run(world, TICK_RATE * 3);
    expect(world.state[STRIDE + 1]).toBe(HEIGHT - PLAYER_RADIUS);
  });

  it('leaves an empty seat out of the simulation: it neither moves nor collides', () => {
    const world = new World(1);
    world.join(0);
    world.leave(0);
    const crates = world.state.slice(MAX_PLAYERS * STRIDE);
    run(world, 10);
    expect([...world.state.subarray(0, MAX_PLAYERS * STRIDE)].every((v) => v === 0)).toBe(true);
    expect(world.state.slice(MAX_PLAYERS * STRIDE)).toEqual(crates);
    expect(world.tick).toBe(10);
  });

  it('lays the crates out from its seed', () => {
    expect(new World(5).state).toEqual(new World(5).state);
    expect(new World(5).state).not.toEqual(new World(6).state);
  });

  it('clamps a stick into [−127, 127], NaN to 0, and keeps only the known buttons', () => {
    expect([clampStick(-128), clampStick(128), clampStick(Number.NaN), clampStick(12.9)]).toEqual([
      -127, 127, 0, 12,
    ]);
    const out = new Int8Array(3);
    writeInput(out, 0, 500, -500, 0xff);
    expect([...out]).toEqual([127, -127, BUTTON_BOOST]);
  });
});
