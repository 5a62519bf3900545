/**
 * A {@link WordSim} served in a real worker for the browser tests of the worker loop: it keeps
 * the input and the state hash of every tick and posts them when the page asks ('report'), and
 * throws at tick `failAt` when told to.
 */
import { serveSimulation } from '../worker/serve.js';
import { WordSim } from './word-sim.js';

interface Init {
  balls: number;
  failAt?: number;
}

serveSimulation(({ data, post }) => {
  const { balls, failAt = Infinity } = data as Init;
  const sim = new WordSim(balls, 3);
  const hashes: number[] = [];
  const inputs: number[][] = [];
  return {
    update(dt, input, loop) {
      if (loop.tick + 1 === failAt) throw new Error(`boom at tick ${failAt}`);
      inputs.push([...input]);
      sim.step(dt, input);
      hashes.push(sim.hash());
    },
    write: (prev, curr) => sim.write(prev as never, curr as never),
    receive(message) {
      if (message === 'report') post({ hashes, inputs });
    },
  };
});
