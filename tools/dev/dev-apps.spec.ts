import fs from 'node:fs';
import path from 'node:path';
import { devApps, devPorts } from './dev-apps';

const ROOT = path.resolve(__dirname, '../..');

describe('the apps npm start runs', () => {
  it('with a broker: the three apps and the outcome worker as their own processes, on 3000–3003', () => {
    const apps = devApps(devPorts({}), true, {});
    expect(apps.map(({ name, script, ports }) => [name, script, ports])).toEqual([
      ['capacity-service', 'apps/capacity-service/src/main.ts', [3000]],
      ['product-upload-service', 'apps/product-upload-service/src/main.ts', [3001]],
      ['product-ingest-worker', 'apps/product-ingest-worker/src/main.ts', [3002]],
      ['outcome-worker', 'apps/outcome-worker/src/main.ts', [3003]],
    ]);
    for (const { script } of apps)
      expect([script, fs.existsSync(path.join(ROOT, script))]).toEqual([script, true]);
  });

  it('without a broker: the products pair in one process, and no outcome worker', () => {
    const apps = devApps(devPorts({}), false, {});
    expect(apps.map(({ name, ports, env }) => [name, ports, env])).toEqual([
      ['capacity-service', [3000], {}],
      ['products (upload service + worker)', [3001, 3002], { UPLOAD_PORT: '3001', WORKER_PORT: '3002' }],
    ]);
    expect(fs.existsSync(path.join(ROOT, apps[1].script))).toBe(true);
  });

  it('honours the ports and base paths set in the environment', () => {
    const source = {
      CAPACITY_PORT: '4000',
      UPLOAD_PORT: '4001',
      WORKER_PORT: '4002',
      OUTCOME_WORKER_PORT: '4003',
      CAPACITY_BASE_PATH: '/c',
      UPLOAD_BASE_PATH: '/u',
    };
    const apps = devApps(devPorts(source), true, source);
    expect(apps.map(({ name, ports, env }) => [name, ports, env])).toEqual([
      ['capacity-service', [4000], { BASE_PATH: '/c' }],
      ['product-upload-service', [4001], { BASE_PATH: '/u' }],
      ['product-ingest-worker', [4002], {}],
      ['outcome-worker', [4003], {}],
    ]);
  });
});
