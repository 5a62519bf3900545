import { lerpArray } from '@loop/core';
import { NetClient } from '@loop/net';
import { joinLink } from '@loop/net/colyseus-client';
import { Client } from 'colyseus.js';
import { model, readBody, wire } from './net-game.js';
import { SEATS, type World } from './world.js';

/**
 * The page's side: joins a `dots` room with colyseus.js and puts @loop/net's client on it, over
 * a link that rejoins the seat after a dropped connection (`joinLink`). Each frame the page calls
 * `net.update()` (pings, its own player predicted, inputs sent) and `net.draw()` (the others
 * between two snapshots, a little in the past). `now` is the page's clock: a test passes its own.
 */
export async function joinGame(url: string, now?: () => number) {
  const link = await joinLink(new Client(url), 'dots');
  const net = new NetClient(link, {
    wire,
    model,
    decode: (frame, world, header) => readBody(frame, world, header.tick),
    // What is drawn of the others: x, y of every seat, blended between two snapshots.
    frameSize: SEATS * 2,
    fill(frame, world) {
      for (let p = 0; p < SEATS; p++) model.position(world, p, frame, 2 * p);
    },
    predictor: { snapDistance: 50 }, // a correction longer than 50 is taken at once
    ...(now ? { now } : {}),
  });
  return { link, net };
}

/**
 * Each frame, after `net.update()`: where the others are drawn, x, y per seat into `out`,
 * blended between the two snapshots around the render time (a little in the past, so there is
 * always a next one to move towards). False while there is nothing to draw yet.
 */
export function drawOthers(net: NetClient<World>, out: Float64Array, now?: number): boolean {
  if (net.draw(now) === 'empty') return false;
  lerpArray(out, net.buffer.older, net.buffer.newer, net.buffer.t);
  return true;
}
