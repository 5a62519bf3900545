import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the registry answers a request for a package document. */
export type RegistryBehaviour =
  /** `{ versions }` for the names it holds, 404 for the others. */
  | { packages: Readonly<Record<string, readonly string[]>> }
  /** This status (and a body that is not a package document) for every request. */
  | { status: number }
  /** Accept the request and never answer: a registry that hangs. */
  | { hang: true };

/** A package registry on loopback, as far as create-loop's check asks one. */
export interface LocalRegistry {
  /** Its URL, with the trailing slash npm writes. */
  url: string;
  /** The paths asked for so far, in order (`/@loop%2fcore`). */
  requests: string[];
  /** The `accept` header of each request, in the same order. */
  accepts: string[];
  stop(): Promise<void>;
}

/**
 * Starts a real HTTP server on 127.0.0.1 (a free port) that answers package-document requests
 * as `behaviour` says. Why a server and not a stubbed fetch: the check's request, its headers,
 * its time limit and the socket errors are what is under test.
 */
export async function startRegistry(behaviour: RegistryBehaviour): Promise<LocalRegistry> {
  const requests: string[] = [];
  const accepts: string[] = [];
  const server: Server = createServer((request, response) => {
    requests.push(request.url ?? '');
    accepts.push(request.headers.accept ?? '');
    if ('hang' in behaviour) return;
    if ('status' in behaviour) {
      response.writeHead(behaviour.status, { 'content-type': 'application/json' });
      response.end('not a package document');
      return;
    }
    const name = decodeURIComponent((request.url ?? '').slice(1));
    const versions = behaviour.packages[name];
    if (versions === undefined) {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end('{"error":"Not found"}');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/vnd.npm.install-v1+json' });
    response.end(
      JSON.stringify({
        name,
        'dist-tags': { latest: versions.at(-1) },
        versions: Object.fromEntries(versions.map((v) => [v, { name, version: v }])),
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    accepts,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
