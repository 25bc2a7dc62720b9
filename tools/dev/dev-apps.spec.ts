import fs from 'node:fs';
import path from 'node:path';
import { capacityPorts, devApps, devPorts, replicaCount } from './dev-apps';

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

  it('npm run replicas -- 3: three capacity-service replicas on 3000, 3010 and 3020 beside the other apps', () => {
    const replicas = replicaCount('3');
    const apps = devApps(devPorts({}), true, { CAPACITY_BASE_PATH: '/c' }, replicas);
    expect(apps.map(({ name, script, ports, env }) => [name, script, ports, env])).toEqual([
      ['capacity-service', 'apps/capacity-service/src/main.ts', [3000], { BASE_PATH: '/c' }],
      ['capacity-service replica 2', 'apps/capacity-service/src/main.ts', [3010], { BASE_PATH: '/c' }],
      ['capacity-service replica 3', 'apps/capacity-service/src/main.ts', [3020], { BASE_PATH: '/c' }],
      ['product-upload-service', 'apps/product-upload-service/src/main.ts', [3001], {}],
      ['product-ingest-worker', 'apps/product-ingest-worker/src/main.ts', [3002], {}],
      ['outcome-worker', 'apps/outcome-worker/src/main.ts', [3003], {}],
    ]);
    expect(capacityPorts(devPorts({ CAPACITY_PORT: '4000' }), 2)).toEqual([4000, 4010]);
  });

  it('starts one replica without --replicas, and refuses a count that is not 1 to 20', () => {
    expect(replicaCount(undefined)).toBe(1);
    for (const bad of ['', '0', '21', 'three', '2.5'])
      expect(() => replicaCount(bad)).toThrow(
        `npm run replicas -- N: N must be an integer from 1 to 20 (got "${bad}")`,
      );
  });
});
