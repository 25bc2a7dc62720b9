import { createServer, connect, type Server, type Socket } from 'node:net';
import { TcpProxy } from './tcp.proxy';

/** An echo server as the proxy's target. */
async function echoServer(): Promise<{ server: Server; port: number }> {
  const server = createServer((socket) => socket.pipe(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  return { server, port: address.port };
}

function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

function roundTrip(socket: Socket, text: string): Promise<{ reply: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    socket.once('data', (data) => resolve({ reply: data.toString(), ms: Date.now() - started }));
    socket.once('error', reject);
    socket.write(text);
  });
}

function closed(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let code = 'closed';
    socket.on('error', (error: NodeJS.ErrnoException) => (code = error.code ?? error.message));
    socket.on('close', () => resolve(code));
  });
}

describe('TcpProxy', () => {
  let echo: { server: Server; port: number };
  let proxy: TcpProxy;
  const sockets: Socket[] = [];

  beforeEach(async () => {
    echo = await echoServer();
    proxy = await TcpProxy.start({ host: '127.0.0.1', port: echo.port });
  });

  afterEach(async () => {
    sockets.forEach((socket) => socket.destroy());
    await proxy.close();
    await new Promise((resolve) => echo.server.close(resolve));
  });

  const client = async () => {
    const socket = await open(proxy.port);
    sockets.push(socket);
    return socket;
  };

  it('forwards both ways', async () => {
    const socket = await client();
    expect((await roundTrip(socket, 'ping')).reply).toBe('ping');
    expect(proxy.connectionCount()).toBe(1);
  });

  it('cut resets open connections and refuses new ones until restore', async () => {
    const socket = await client();
    await roundTrip(socket, 'x');
    const ended = closed(socket);
    proxy.cut();
    expect(await ended).toBe('ECONNRESET');
    const refused = await open(proxy.port).then(
      (socket) => closed(socket),
      (error: NodeJS.ErrnoException) => error.code,
    );
    expect(refused).toBe('ECONNRESET');
    proxy.restore();
    expect((await roundTrip(await client(), 'back')).reply).toBe('back');
  });

  it('delay holds every chunk in both directions, in order', async () => {
    const socket = await client();
    proxy.delay(60);
    const { reply, ms } = await roundTrip(socket, 'slow');
    expect(reply).toBe('slow');
    expect(ms).toBeGreaterThanOrEqual(115);
    proxy.delay(0);
    expect((await roundTrip(socket, 'fast')).ms).toBeLessThan(60);
  });

  it('strand forwards nothing more and keeps the server side open when the client goes, until close', async () => {
    const received: string[] = [];
    let serverSide: Socket | undefined;
    const server = createServer((socket) => {
      serverSide = socket;
      socket.on('data', (data) => received.push(data.toString()));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const stranding = await TcpProxy.start({
      host: '127.0.0.1',
      port: (server.address() as { port: number }).port,
    });
    let heldClosed: Promise<string> | undefined;
    try {
      const socket = await open(stranding.port);
      socket.write('before');
      while (received.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      const held = serverSide as Socket;
      heldClosed = closed(held);
      stranding.strand();
      socket.write('after');
      const gone = closed(socket);
      socket.destroy();
      await gone;
      // the proxy has heard the client go (a new connection is refused) and told the server nothing
      const refused = await open(stranding.port).then(
        (late) => closed(late),
        (error: NodeJS.ErrnoException) => error.code,
      );
      expect(refused).toBe('ECONNRESET');
      expect([received, held.destroyed, held.readableEnded]).toEqual([['before'], false, false]);
    } finally {
      await stranding.close();
      await new Promise((resolve) => server.close(resolve));
    }
    // close() ends what it kept open
    expect(await heldClosed).toBe('closed');
  });

  it('rewrites a URL to go through the proxy', () => {
    expect(proxy.urlFor('postgres://app:secret@db.internal:5432/delivery_test')).toBe(
      `postgres://app:secret@127.0.0.1:${proxy.port}/delivery_test`,
    );
    expect(proxy.urlFor('amqp://guest:guest@localhost:5672/vh')).toBe(
      `amqp://guest:guest@127.0.0.1:${proxy.port}/vh`,
    );
  });
});
