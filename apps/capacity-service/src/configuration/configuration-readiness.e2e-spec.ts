import request from 'supertest';
import { Client } from 'pg';
import { createTestDatabase, TestDatabase } from '@delivery/persistence/testing';
import { CapacityTestApp, startCapacityTestApp } from '../testing/capacity-test-app';
import { demoConfiguration, e10Request, getConfiguration, postCapacity } from '../testing/capacity-fixtures';

/** A replica is not ready until it has a snapshot (configuration.md); it becomes ready once one loads. */
describe('configuration readiness', () => {
  let database: TestDatabase;
  let t: CapacityTestApp;
  const insertVersion = async (version: number, document: unknown) => {
    const client = new Client({ connectionString: database.url });
    await client.connect();
    await client.query('INSERT INTO capacity_configuration_versions (version, document) VALUES ($1, $2)', [
      version,
      JSON.stringify(document),
    ]);
    await client.end();
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    // a stored version this replica cannot build a snapshot from (as if written by an incompatible release)
    await insertVersion(1, { nodes: 5, zones: [], routes: [] });
    t = await startCapacityTestApp({ CONFIG_CHECK_INTERVAL_MS: '200' }, { database });
  });
  afterAll(async () => {
    await t.close();
    await database.drop();
  });

  it('is not ready, and does not calculate, without a snapshot', async () => {
    const ready = await request(t.app.getHttpServer()).get('/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.error).toEqual({
      configuration: { status: 'down', message: 'no configuration snapshot loaded yet' },
    });
    const calculation = await postCapacity(t.app.getHttpServer(), e10Request());
    expect([calculation.status, calculation.body]).toEqual([
      503,
      { code: 'CALCULATION_ERROR', message: 'Error calculating the delivery date', details: {} },
    ]);
  });

  it('becomes ready when a newer version it can load appears', async () => {
    await insertVersion(2, demoConfiguration());
    const deadline = Date.now() + 5000;
    while ((await request(t.app.getHttpServer()).get('/health/ready')).status !== 200) {
      if (Date.now() > deadline) throw new Error('not ready 5 s after a valid version appeared');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await getConfiguration(t.app.getHttpServer())).body.version).toBe(2);
    expect((await postCapacity(t.app.getHttpServer(), e10Request())).status).toBe(200);
  });
});
