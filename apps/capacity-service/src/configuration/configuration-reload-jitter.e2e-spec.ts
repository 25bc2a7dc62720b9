import type { App } from 'supertest/types';
import { CapacityTestApp, E10_CLOCK, startCapacityTestApp } from '../testing/capacity-test-app';
import {
  demoConfiguration,
  getConfiguration,
  loadConfiguration,
  putConfiguration,
} from '../testing/capacity-fixtures';

/**
 * configuration.md, "Across replicas": a replica follows a load announced by another after a random delay up to
 * CONFIG_RELOAD_JITTER_MS, so replicas do not rebuild at the same instant. Six loads on one replica: the other
 * follows each within the bound, and not after the same delay each time.
 */
const JITTER_MS = 2_000;
const LOADS = 6;

describe('configuration reload jitter', () => {
  let a: CapacityTestApp;
  let b: CapacityTestApp;
  beforeAll(async () => {
    const env = { CONFIG_CHECK_INTERVAL_MS: String(3_600_000), CONFIG_RELOAD_JITTER_MS: String(JITTER_MS) };
    a = await startCapacityTestApp(env, { clock: E10_CLOCK });
    b = await startCapacityTestApp(env, { clock: E10_CLOCK, database: a.database });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  /** ms until `server` serves `version` */
  async function followedAfter(server: App, version: number, since: number): Promise<number> {
    for (;;) {
      if ((await getConfiguration(server)).body.version === version) return Date.now() - since;
      if (Date.now() - since > JITTER_MS + 3_000) throw new Error(`version ${version} not followed`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('follows every load within CONFIG_RELOAD_JITTER_MS (and the rebuild), after delays spread over it', async () => {
    expect((await putConfiguration(a.app.getHttpServer(), demoConfiguration())).body.version).toBe(1);
    await followedAfter(b.app.getHttpServer(), 1, Date.now());
    const delays: number[] = [];
    for (let version = 2; version <= LOADS + 1; version++) {
      const since = Date.now();
      expect((await loadConfiguration(a.app.getHttpServer())).body.message).toMatch(`version ${version} `);
      delays.push(await followedAfter(b.app.getHttpServer(), version, since));
    }
    expect(delays.every((delay) => delay <= JITTER_MS + 1_500)).toBe(true);
    // six uniform draws over 2 s all within 400 ms of each other: probability about 0.2 %
    expect(Math.max(...delays) - Math.min(...delays)).toBeGreaterThan(400);
  });
});
