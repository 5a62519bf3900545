import { createConnection } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { hostOptionsFromEnv } from './env.js';
import { listeningSockets } from './listening-sockets.js';
import { forwardedFor } from './matchmake-route.js';
import { freePort, type Started, startCluster, startRedis } from './processes.js';

const started: Started[] = [];
afterEach(async () => {
  for (const process of started.splice(0)) await process.stop();
});

/** Sends `command` to a Redis at `url` (inline form) and resolves with its first reply line. */
function ask(url: string, command: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: hostname, port: Number(port) }, () =>
      socket.write(`${command}\r\n`),
    );
    socket.setEncoding('utf8').once('data', (line: string) => {
      socket.end();
      resolve(line.trim());
    });
    socket.once('error', reject);
  });
}

describe('the processes a cluster, a dev script or a test starts (a real redis-server)', () => {
  it('startRedis: a Redis on a free loopback port, listening there alone, gone after stop()', async () => {
    const redis = await startRedis();
    started.push(redis);
    const { port } = new URL(redis.url);
    expect(redis.url).toMatch(/^redis:\/\/127\.0\.0\.1:\d+$/);
    expect(await ask(redis.url, 'PING')).toBe('+PONG');
    expect(await listeningSockets(redis.pid)).toEqual([`127.0.0.1:${port}`]);
    await redis.stop();
    await expect(ask(redis.url, 'PING')).rejects.toThrow(/ECONNREFUSED/);
    await redis.stop(); // twice: nothing left to stop
  });

  it('startRedis names what to install when the program is missing', async () => {
    await expect(startRedis('no-such-redis-server')).rejects.toThrow(
      'redis-server is not installed (Debian: apt-get install -y redis-server)',
    );
  });

  it('freePort: a port nothing listens on, on the interface asked', async () => {
    const port = await freePort();
    expect(port).toBeGreaterThan(0);
    expect(await listeningSockets(process.pid)).not.toContain(`127.0.0.1:${port}`);
  });

  it('startCluster checks its count before it starts anything', async () => {
    for (const count of [0, 65, 1.5]) {
      await expect(startCluster({ script: 'none.mjs', count })).rejects.toThrow(
        new RangeError(`count must be an integer from 1 to 64, got ${count}`),
      );
    }
  });
});

describe('hostOptionsFromEnv: startServer’s limits as a host sets them', () => {
  it('reads each variable, and leaves unset ones to the defaults', () => {
    expect(hostOptionsFromEnv({})).toEqual({});
    expect(
      hostOptionsFromEnv({
        OPERATOR_PORT: '9100',
        OPERATOR_HOST: '10.0.0.2',
        ALLOWED_ORIGINS: 'https://game.example,,https://portal.example',
        MAX_BODY_BYTES: '512',
        CREATES_PER_CLIENT: '3',
        MAX_ROOMS_PER_PROCESS: 'many',
        TRUST_PROXY: '1',
      }),
    ).toEqual({
      operatorPort: 9100,
      operatorHost: '10.0.0.2',
      allowedOrigins: ['https://game.example', 'https://portal.example'],
      maxBodyBytes: 512,
      createsPerClient: 3,
      maxRoomsPerProcess: Number.NaN, // refused by startServer, naming the option
      clientAddress: forwardedFor,
    });
    expect(hostOptionsFromEnv({ TRUST_PROXY: 'yes' })).toEqual({});
  });
});
