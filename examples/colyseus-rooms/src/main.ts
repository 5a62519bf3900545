import { createLoop } from '@loop/core';
import { drawOthers, joinGame } from './client.js';
import { MAX_SPEED, SEATS } from './world.js';

// The page: join, then every frame steer, predict, and draw yourself where you will be and the
// others where they were. The fixed step runs inside the client (the server's 60 Hz), so the
// loop here only draws.
const { net } = await joinGame(
  `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}`,
);
const ctx = document.querySelector('canvas')!.getContext('2d')!;
const keys = new Set<string>();
addEventListener('keydown', (event) => keys.add(event.key));
addEventListener('keyup', (event) => keys.delete(event.key));
const axis = (minus: string, plus: string) =>
  (keys.has(plus) ? MAX_SPEED : 0) - (keys.has(minus) ? MAX_SPEED : 0);
const others = new Float64Array(SEATS * 2);
const me = new Float64Array(2);

createLoop({
  render: () => {
    net.input[0] = axis('ArrowLeft', 'ArrowRight');
    net.input[1] = axis('ArrowUp', 'ArrowDown');
    net.update();
    ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
    if (drawOthers(net, others)) {
      for (let p = 0; p < SEATS; p++) {
        if (p !== net.predictor.slot && net.latest.present[p] === 1) {
          ctx.fillRect(others[2 * p]!, others[2 * p + 1]!, 8, 8);
        }
      }
    }
    if (net.drawPredicted(me, 0)) ctx.fillRect(me[0]!, me[1]!, 8, 8);
  },
}).start();
