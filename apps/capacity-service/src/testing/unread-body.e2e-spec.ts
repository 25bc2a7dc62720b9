import type { Server, Socket } from 'node:net';
import { connect } from 'node:net';
import { basicHeader } from '@delivery/auth/testing';
import { CapacityTestApp, startCapacityTestApp, TEST_BASIC_NO_SCOPE } from './capacity-test-app';

/**
 * docs/security.md, "No work before authentication": a refused request's body is never read. A client sends a
 * 16 MB body as fast as the connection takes it; the service answers 401 (403 without the scope) and closes the
 * connection, having read from the socket no more than what one read brings (the socket's bytesRead, measured on
 * the server side).
 */
const BODY_BYTES = 16 * 1024 * 1024;
/** headers plus what Node reads off a socket before the stream's buffer pushes back (64 KB reads) */
const READ_BOUND = 256 * 1024;

interface Exchange {
  status: number;
  head: string;
  serverBytesRead: number;
}

/** Sends the head, then pushes the body until the server closes; resolves once the server's socket has closed. */
function sendLargeBody(
  server: Server,
  port: number,
  request: string,
  authorization?: string,
): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    let serverSocket: Socket | undefined;
    server.once('connection', (socket: Socket) => {
      serverSocket = socket;
    });
    const client = connect(port, '127.0.0.1');
    let received = '';
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    const pump = () => {
      while (sent < BODY_BYTES && !client.destroyed) {
        sent += chunk.length;
        if (!client.write(chunk)) return void client.once('drain', pump);
      }
    };
    client.on('connect', () => {
      client.write(
        [
          `${request} HTTP/1.1`,
          'Host: 127.0.0.1',
          'Content-Type: application/json',
          `Content-Length: ${BODY_BYTES}`,
          ...(authorization ? [`Authorization: ${authorization}`] : []),
          '',
          '',
        ].join('\r\n'),
      );
      pump();
    });
    client.on('data', (data) => (received += data.toString('latin1')));
    client.on('error', () => undefined); // the server closing while the body is still being written
    client.on('close', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1]);
      if (!serverSocket) return reject(new Error('no server connection'));
      const socket = serverSocket;
      const done = () =>
        resolve({ status, head: received.split('\r\n\r\n')[0], serverBytesRead: socket.bytesRead });
      if (socket.destroyed) done();
      else socket.once('close', done);
    });
  });
}

describe('a refused request: its body is not read', () => {
  let t: CapacityTestApp;
  let server: Server;
  let port: number;
  beforeAll(async () => {
    t = await startCapacityTestApp();
    await t.app.listen(0, '127.0.0.1');
    server = t.app.getHttpServer() as Server;
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  it('answers an anonymous 16 MB PUT /configuration 401 and closes, having read at most 256 KB', async () => {
    const exchange = await sendLargeBody(server, port, 'PUT /capacity/v1/configuration');
    expect(exchange.status).toBe(401);
    expect(exchange.head).toMatch(/\r\nWWW-Authenticate: Bearer realm="capacity-service", Basic/i);
    expect(exchange.head).toMatch(/\r\nConnection: close/i);
    expect(exchange.serverBytesRead).toBeLessThan(READ_BOUND);
  });

  it('answers 403 to a principal without the scope the same way', async () => {
    const exchange = await sendLargeBody(
      server,
      port,
      'PUT /capacity/v1/configuration',
      basicHeader(TEST_BASIC_NO_SCOPE.user, TEST_BASIC_NO_SCOPE.password),
    );
    expect(exchange.status).toBe(403);
    expect(exchange.serverBytesRead).toBeLessThan(READ_BOUND);
  });

  it('answers a bad token on POST /delivery/capacity 401 without reading its body', async () => {
    const exchange = await sendLargeBody(server, port, 'POST /capacity/v1/delivery/capacity', 'Bearer a.b.c');
    expect(exchange.status).toBe(401);
    expect(exchange.serverBytesRead).toBeLessThan(READ_BOUND);
  });
});
