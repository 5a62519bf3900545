import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listeningSockets, startGameProcess } from '../test-support/processes';

type Proc = Awaited<ReturnType<typeof startGameProcess>>;

describe('a game process (scripts/game.mjs process, as dev:cluster and the load test start it)', () => {
  let game: Proc | undefined;
  beforeAll(async () => {
    game = await startGameProcess({
      HOST: '127.0.0.1',
      CREATES_PER_CLIENT: '3',
      TRUST_PROXY: '1',
      ALLOWED_ORIGINS: 'https://game.example,https://portal.example',
    });
  });
  afterAll(() => game?.stop());

  it('listens where it is told and nowhere else: no dev server, no HMR socket', async () => {
    const { pid, port, operatorPort } = game!;
    expect(await listeningSockets(pid)).toEqual(
      [`127.0.0.1:${port}`, `127.0.0.1:${operatorPort}`].sort(),
    );
  });

  it('takes its limits from the environment, and answers /stats on the operators’ port alone', async () => {
    const { port, operatorPort, processId } = game!;
    const create = () =>
      fetch(`http://127.0.0.1:${port}/matchmake/create/arena`, { method: 'POST' });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await create()).status);
    expect(statuses).toEqual([200, 200, 200, 429]); // CREATES_PER_CLIENT=3
    expect((await fetch(`http://127.0.0.1:${port}/stats`)).status).toBe(404);
    const stats = await fetch(`http://127.0.0.1:${operatorPort}/stats`);
    expect(await stats.json()).toMatchObject({ processId });
  });
});
