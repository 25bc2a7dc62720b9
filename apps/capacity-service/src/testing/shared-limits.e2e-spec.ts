import request from 'supertest';
import { basicHeader, bearer, mintToken, startRedisServer, type RedisServer } from '@delivery/auth/testing';
import { CapacityTestApp, startCapacityTestApp, TEST_BASIC } from './capacity-test-app';

/**
 * docs/security.md "Several replicas": three replicas of capacity-service (in this process, each with its own
 * guards, caches and store client, as three pods have) on one database and one limits store (a redis-server of this
 * test's own, so stopping it touches no other test). Requests go round-robin, as a load balancer sends them.
 * `npm run replicas -- 3` runs the same three as processes, for trying it by hand.
 */
const RATE_LIMIT = 30;
const WHOAMI = '/capacity/v1/whoami';

describe('three replicas sharing the limits store (LIMITS_STORE_URL)', () => {
  let redis: RedisServer;
  const replicas: CapacityTestApp[] = [];

  beforeAll(async () => {
    redis = await startRedisServer();
    const env = {
      LIMITS_STORE_URL: redis.url,
      RATE_LIMIT: String(RATE_LIMIT),
      // a stalled test machine must not count as a slow store here: the bound of 50 ms and what a late answer
      // does are shared-limits.storage.int-spec.ts's (a frozen store); here the store is down or answering
      LIMITS_STORE_TIMEOUT_MS: '2000',
    };
    replicas.push(await startCapacityTestApp(env));
    for (let i = 1; i < 3; i += 1)
      replicas.push(await startCapacityTestApp(env, { database: replicas[0].database }));
  }, 60_000);
  afterAll(async () => {
    for (const replica of replicas.reverse()) await replica.close();
    await redis.kill();
  });

  const server = (index: number) => replicas[index % replicas.length].app.getHttpServer();
  const whoami = (index: number, authorization: string) =>
    request(server(index)).get(WHOAMI).set('Authorization', authorization);
  /** the statuses of `count` calls of one principal, round-robin from replica `first` */
  const roundRobin = async (authorization: string, count: number) => {
    const statuses: number[] = [];
    for (let i = 0; i < count; i += 1) statuses.push((await whoami(i, authorization)).status);
    return statuses;
  };
  const onOne = async (index: number, authorization: string, count: number) => {
    const statuses: number[] = [];
    for (let i = 0; i < count; i += 1) statuses.push((await whoami(index, authorization)).status);
    return statuses;
  };
  const tally = (statuses: number[]) =>
    statuses.reduce<Record<number, number>>((counts, status) => {
      counts[status] = (counts[status] ?? 0) + 1;
      return counts;
    }, {});
  const storeUp = async (index: number) => {
    const metrics = await request(server(index)).get('/metrics');
    return /^limits_store_up (\d)$/m.exec(metrics.text)?.[1];
  };
  /** waits (polling, no assertion on time) until every replica reports `limits_store_up` = `value` */
  const untilStoreUp = async (value: '0' | '1') => {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const reported = await Promise.all(replicas.map((_, index) => storeUp(index)));
      if (reported.every((up) => up === value)) return reported;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return Promise.all(replicas.map((_, index) => storeUp(index)));
  };

  it('answers 30 failed Basic logins of one user 401 ten times and 429 after, whichever replica gets them', async () => {
    expect(await untilStoreUp('1')).toEqual(['1', '1', '1']);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1)
      statuses.push((await whoami(i, basicHeader(TEST_BASIC.user, `wrong-${i}`))).status);
    expect(statuses).toEqual([...Array(10).fill(401), ...Array(20).fill(429)]);
    // the block is every replica's at once, right password included, and says how long it lasts
    for (let index = 0; index < 3; index += 1) {
      const right = await whoami(index, basicHeader(TEST_BASIC.user, TEST_BASIC.password));
      expect([right.status, right.body.code]).toEqual([429, 'TOO_MANY_REQUESTS']);
      expect(Number(right.headers['retry-after'])).toBeGreaterThan(240);
      expect(Number(right.headers['retry-after'])).toBeLessThanOrEqual(300);
    }
  });

  it("lets a principal's RATE_LIMIT through once over the three replicas, not three times", async () => {
    const token = bearer(await mintToken({ scopes: ['capacity:calculate'], sub: 'shared-rate' }));
    const counts = tally(await roundRobin(token, 3 * RATE_LIMIT));
    // at most 1.1 × the limit in its window: one window counted atomically in the store lets exactly the limit
    expect(counts[200]).toBeLessThanOrEqual(1.1 * RATE_LIMIT);
    expect(counts).toEqual({ 200: RATE_LIMIT, 429: 2 * RATE_LIMIT });
  });

  it('keeps answering with per-replica limits while the store is down, says so, and shares again when it is back', async () => {
    await redis.kill();
    expect(await untilStoreUp('0')).toEqual(['0', '0', '0']);
    const alone = bearer(await mintToken({ scopes: ['capacity:calculate'], sub: 'store-down' }));
    // replica 0 counts this principal alone: the limit there, then 429; replica 1 still lets it through
    expect(tally(await onOne(0, alone, RATE_LIMIT + 5))).toEqual({ 200: RATE_LIMIT, 429: 5 });
    expect(tally(await onOne(1, alone, 10))).toEqual({ 200: 10 });

    await redis.start();
    expect(await untilStoreUp('1')).toEqual(['1', '1', '1']);
    const shared = bearer(await mintToken({ scopes: ['capacity:calculate'], sub: 'store-back' }));
    expect(tally(await roundRobin(shared, 3 * RATE_LIMIT))).toEqual({ 200: RATE_LIMIT, 429: 2 * RATE_LIMIT });
  });
});
