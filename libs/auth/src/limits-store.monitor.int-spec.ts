import pino from 'pino';
import { MetricsService } from '@delivery/platform';
import { LimitsStoreMonitor } from './limits-store.monitor';
import { SharedLimitsStorage } from './shared-limits.storage';
import { startRedisServer, type RedisServer } from './testing';

describe('LimitsStoreMonitor', () => {
  let redis: RedisServer;
  let monitor: LimitsStoreMonitor;
  let storage: SharedLimitsStorage;
  const logged: { level: number; msg: string; reason?: string }[] = [];
  const metrics = new MetricsService();
  const gauge = async () => /^limits_store_up (\d)$/m.exec(await metrics.registry.metrics())?.[1];

  beforeAll(async () => {
    redis = await startRedisServer();
    await redis.kill(); // nothing answers on its port until `start`
    storage = new SharedLimitsStorage({ url: redis.url, timeoutMs: 50 });
    const logger = pino({ level: 'info' }, { write: (line: string) => logged.push(JSON.parse(line)) });
    monitor = new LimitsStoreMonitor(storage, metrics, logger);
  });
  afterAll(async () => {
    await monitor.onApplicationShutdown();
    await redis.kill();
  });

  it('starts with the store down, says so once in the log and the gauge, then follows it when it answers', async () => {
    await monitor.onModuleInit();
    expect(await gauge()).toBe('0');
    expect(logged.map(({ level, msg }) => [level, msg])).toEqual([
      [40, 'limits store unreachable: the limits count per replica until it answers'],
    ]);
    expect(logged[0].reason).toMatch(/ECONNREFUSED/);

    await redis.start();
    for (let attempt = 0; attempt < 400 && !storage.up; attempt += 1)
      await new Promise((resolve) => setTimeout(resolve, 25));
    expect(await gauge()).toBe('1');
    expect(logged.slice(1).map(({ level, msg }) => [level, msg])).toEqual([
      [30, 'limits store answers: the limits count in the store the replicas share'],
    ]);
  });
});
