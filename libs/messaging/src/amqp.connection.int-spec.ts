import { AmqpConnection } from './amqp.connection';
import { createRabbitTestVhost, TcpProxy, waitFor, type RabbitTestVhost } from './testing';

describe('AmqpConnection on RabbitMQ', () => {
  let sandbox: RabbitTestVhost;
  let proxy: TcpProxy;

  beforeAll(async () => {
    sandbox = await createRabbitTestVhost();
  });

  beforeEach(async () => {
    if (sandbox) proxy = await TcpProxy.start(sandbox.url);
  });

  afterEach(async () => {
    await proxy?.close();
  });

  afterAll(async () => {
    await sandbox?.dispose();
  });

  const connection = () =>
    new AmqpConnection({ url: proxy.urlFor(sandbox.url), reconnect: { initialMs: 50, maxMs: 200 } });

  it('boots not ready when the broker is unreachable, and becomes ready once it answers', async () => {
    proxy.cut();
    const subject = connection();
    try {
      await expect(subject.connect()).rejects.toThrow();
      expect(subject.isConnected()).toBe(false);
      expect(subject.lastFailure()).toBeInstanceOf(Error);
      proxy.restore();
      await waitFor(() => subject.isConnected(), 5000, 'the connection');
    } finally {
      await subject.close();
    }
  });

  it('runs the connected listeners again after every reconnection and reports the loss', async () => {
    const subject = connection();
    const connected: number[] = [];
    let lost = 0;
    await subject.onConnected(async (model) => {
      const channel = await model.createChannel(); // a listener can use the fresh connection
      await channel.close();
      connected.push(Date.now());
    });
    subject.onDisconnected(() => (lost += 1));
    try {
      await subject.connect();
      expect(connected).toHaveLength(1);
      proxy.cut();
      await waitFor(() => !subject.isConnected(), 1000, 'the loss to be noticed');
      expect(lost).toBe(1);
      proxy.restore();
      await waitFor(() => subject.isConnected(), 5000, 'the reconnection');
      expect(connected).toHaveLength(2);
    } finally {
      await subject.close();
    }
  });

  it('a failing listener keeps the connection not ready and is retried with back-off', async () => {
    const subject = connection();
    let calls = 0;
    await subject.onConnected(() => {
      calls += 1;
      if (calls < 3) throw new Error('topology refused');
    });
    try {
      await expect(subject.connect()).rejects.toThrow('topology refused');
      await waitFor(() => subject.isConnected(), 5000, 'the third attempt');
      expect(calls).toBe(3);
    } finally {
      await subject.close();
    }
  });

  it('close stops reconnecting', async () => {
    const subject = connection();
    await subject.connect();
    proxy.cut();
    await waitFor(() => !subject.isConnected(), 1000, 'the loss to be noticed');
    await subject.close();
    proxy.restore();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(subject.isConnected()).toBe(false);
    expect(proxy.connectionCount()).toBe(0);
  });
});
