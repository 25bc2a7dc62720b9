import request from 'supertest';
import type { App } from 'supertest/types';
import { Database } from '@delivery/persistence';
import { CapacityTestApp, E10_CLOCK, startCapacityTestApp } from '../testing/capacity-test-app';
import {
  demoConfiguration,
  e10Request,
  getConfiguration,
  loadConfiguration,
  postCapacity,
  putConfiguration,
} from '../testing/capacity-fixtures';

/**
 * Q2.7: replicas converge. Two app instances share one database; a load on one is served by the other within
 * 5 s through the notification (their periodic checks are an hour apart here), and a version whose notification
 * was missed is picked up by the periodic check.
 */
const HOUR = String(3_600_000);

async function versionOf(server: App): Promise<number> {
  return (await getConfiguration(server)).body.version;
}

/** Polls until `server` serves `version`; fails after `withinMs`. */
async function converges(server: App, version: number, withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const served = await versionOf(server);
    if (served === version) return;
    if (Date.now() > deadline) throw new Error(`still serving version ${served}, not ${version}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('configuration across replicas (Q2.7)', () => {
  let a: CapacityTestApp;
  let b: CapacityTestApp;
  const server = (t: CapacityTestApp) => t.app.getHttpServer();

  beforeAll(async () => {
    a = await startCapacityTestApp({ CONFIG_CHECK_INTERVAL_MS: HOUR }, { clock: E10_CLOCK });
    b = await startCapacityTestApp(
      { CONFIG_CHECK_INTERVAL_MS: HOUR },
      { clock: E10_CLOCK, database: a.database },
    );
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('a PUT on one instance is served by the other through the notification', async () => {
    expect([await versionOf(server(a)), await versionOf(server(b))]).toEqual([0, 0]);
    expect((await putConfiguration(server(a), demoConfiguration())).body.version).toBe(1);
    await converges(server(b), 1, 5000);
    const calculation = await postCapacity(server(b), e10Request());
    expect(calculation.body.logisticsCapacity[0].deliveryDates[0][0]).toBe('2026-11-26');
  });

  it('a load on the other instance comes back the same way', async () => {
    await a.app
      .get(Database)
      .query(`UPDATE capacity_routes SET lead_time_days = 2 WHERE code = 'R-CD01-LIMCENTRO-N'`);
    expect((await loadConfiguration(server(b))).body.message).toBe(
      'Configuration loaded: version 2 (4 nodes, 2 zones, 6 routes)',
    );
    await converges(server(a), 2, 5000);
    const calculation = await postCapacity(server(a), e10Request());
    expect(calculation.body.logisticsCapacity[0].leadTimes).toEqual([2]);
  });

  it('a replica started later serves the newest version before it reports ready', async () => {
    const c = await startCapacityTestApp({ CONFIG_CHECK_INTERVAL_MS: HOUR }, { database: a.database });
    try {
      expect((await request(server(c)).get('/health/ready')).status).toBe(200);
      expect(await versionOf(server(c))).toBe(2);
    } finally {
      await c.close();
    }
  });

  it('a version whose notification was missed is picked up by the periodic check', async () => {
    const c = await startCapacityTestApp({ CONFIG_CHECK_INTERVAL_MS: '200' }, { database: a.database });
    try {
      const db = a.app.get(Database);
      const [{ document }] = await db.query(
        `SELECT document FROM capacity_configuration_versions WHERE version = 2`,
      );
      // recorded without NOTIFY, as if the notification had been lost
      await db.query(`INSERT INTO capacity_configuration_versions (version, document) VALUES (3, $1)`, [
        JSON.stringify(document),
      ]);
      await converges(server(c), 3, 5000);
      expect(await versionOf(server(a))).toBe(2);
    } finally {
      await c.close();
    }
  });
});
