import { createServer, connect, type Server, type Socket } from 'node:net';

interface Pipe {
  readonly client: Socket;
  readonly upstream: Socket;
}

/**
 * A TCP proxy for fault injection in tests: put it between a client and RabbitMQ or Postgres, then `cut()` the
 * network (every connection reset, new ones refused), `restore()` it, `delay(ms)` every chunk both ways, or
 * `strand()` the server's side (a client host gone without closing anything).
 */
export class TcpProxy {
  private readonly pipes = new Set<Pipe>();
  /** connections left open by `strand()`, ended by `close()` */
  private readonly stranded = new Set<Pipe>();
  private cutting = false;
  private delayMs = 0;
  private stranding = false;

  private constructor(
    private readonly server: Server,
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  /** Listens on 127.0.0.1 on a free port and forwards to `target` (a URL or host and port). */
  static async start(target: string | { host: string; port: number }): Promise<TcpProxy> {
    const upstream = typeof target === 'string' ? hostAndPort(target) : target;
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('TcpProxy: no TCP address');
    const proxy = new TcpProxy(server, address.port, upstream);
    server.on('connection', (client: Socket) => proxy.accept(client));
    return proxy;
  }

  /** `url` with its host and port replaced by the proxy's (amqp://, postgres://, …). */
  urlFor(url: string): string {
    const parsed = new URL(url);
    parsed.hostname = '127.0.0.1';
    parsed.port = String(this.port);
    return parsed.toString();
  }

  connectionCount(): number {
    return this.pipes.size;
  }

  /** Resets every open connection and refuses new ones until `restore()`. */
  cut(): void {
    this.cutting = true;
    for (const pipe of [...this.pipes]) this.drop(pipe);
  }

  restore(): void {
    this.cutting = false;
    this.delayMs = 0;
  }

  /** Holds every chunk, in both directions, for `ms` before forwarding it (0 = forward at once). */
  delay(ms: number): void {
    this.delayMs = ms;
  }

  /**
   * As a client's host that lost power or its network: from now on nothing is forwarded either way and the server's
   * side of every connection stays open, whatever the client does (killed, its sockets closed): the server hears
   * nothing more, as from a machine gone, until `close()`. New connections are refused.
   */
  strand(): void {
    this.stranding = true;
    for (const pipe of this.pipes) this.stranded.add(pipe);
    this.pipes.clear();
  }

  async close(): Promise<void> {
    this.cut();
    for (const { client, upstream } of this.stranded) {
      client.destroy();
      upstream.destroy();
    }
    this.stranded.clear();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: Socket): void {
    if (this.cutting || this.stranding) return void client.resetAndDestroy();
    const upstream = connect(this.target.port, this.target.host);
    const pipe = { client, upstream };
    this.pipes.add(pipe);
    const drop = () => this.drop(pipe);
    for (const socket of [client, upstream]) {
      socket.setNoDelay(true);
      socket.on('error', drop);
      socket.on('close', drop);
    }
    this.forward(client, upstream);
    this.forward(upstream, client);
  }

  private drop(pipe: Pipe): void {
    if (this.stranding || !this.pipes.delete(pipe)) return;
    if (!pipe.client.destroyed) pipe.client.resetAndDestroy();
    pipe.upstream.destroy();
  }

  /** Chunks keep their order: each leaves no earlier than the one before it. */
  private forward(from: Socket, to: Socket): void {
    let lastDue = 0;
    from.on('data', (chunk: Buffer) => {
      if (this.stranding) return;
      const due = Math.max(Date.now() + this.delayMs, lastDue);
      lastDue = due;
      const wait = due - Date.now();
      if (wait <= 0 && to.writable) {
        if (!to.write(chunk)) {
          from.pause();
          to.once('drain', () => from.resume());
        }
        return;
      }
      setTimeout(() => {
        if (to.writable && !this.stranding) to.write(chunk);
      }, wait);
    });
    from.on('end', () => {
      if (!this.stranding) setTimeout(() => to.end(), Math.max(0, lastDue - Date.now()));
    });
  }
}

function hostAndPort(url: string): { host: string; port: number } {
  const parsed = new URL(url);
  const defaults: Record<string, number> = { 'amqp:': 5672, 'postgres:': 5432, 'postgresql:': 5432 };
  return {
    host: parsed.hostname || '127.0.0.1',
    port: Number(parsed.port) || defaults[parsed.protocol] || 0,
  };
}
