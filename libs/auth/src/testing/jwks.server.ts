import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { JWK } from 'jose';

export interface JwksServer {
  /** `http://127.0.0.1:<port>/.well-known/jwks.json`, for `JWT_JWKS_URI`. */
  readonly uri: string;
  /** How many times the key set was fetched. */
  readonly requests: number;
  /** Replace the published keys (rotation). */
  setKeys(keys: readonly JWK[]): void;
  close(): Promise<void>;
}

/** A loopback JWKS endpoint on 127.0.0.1, port chosen by the OS. */
export async function startJwksServer(keys: readonly JWK[]): Promise<JwksServer> {
  let published = keys;
  let requests = 0;
  const server = createServer((request, response) => {
    if (request.url !== '/.well-known/jwks.json') {
      response.writeHead(404).end();
      return;
    }
    requests += 1;
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: published }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    uri: `http://127.0.0.1:${port}/.well-known/jwks.json`,
    get requests() {
      return requests;
    },
    setKeys: (next) => {
      published = next;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
