import { execFile, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { createRabbitTestVhost, type RabbitTestVhost } from '@delivery/messaging/testing';
import { Database } from '@delivery/persistence';
import { createTestDatabase, type TestDatabase } from '@delivery/persistence/testing';
import { issueToken } from '../auth/token.cli';
import { DEMO_STATE } from '../dev/demo-configuration';
import { freePorts, runDoc, startSystem, stopSystem, type DocPorts } from './doc-system';

const run = promisify(execFile);
const root = path.resolve(__dirname, '../..');

/** The docs whose command blocks the check runs, in this order, on one system (docs/architecture.md, "Docs check"). */
const DOCS = [
  'README.md',
  'docs/api.md',
  'docs/algorithm.md',
  'docs/reservations.md',
  'docs/configuration.md',
  'docs/accuracy.md',
  'docs/learning.md',
  'docs/operations.md',
  'docs/security.md',
];

interface Operation {
  operationId: string;
  /** names its scope: `… (scope capacity:reserve)` */
  summary: string;
  requestBody?: { content: Record<string, { examples?: Record<string, { value: unknown }> }> };
}

/**
 * The system of `npm start` on a database and a vhost of its own, on free ports, as the docs describe it: each request
 * body example of the OpenAPI documents the services serve is sent and answered 2xx, `npm run demo:reset` empties what
 * it says, and every command block of README.md and the docs runs as pasted (one bash session per file) and prints
 * what its answers show.
 */
describe('the documented system', () => {
  let database: TestDatabase;
  let vhost: RabbitTestVhost;
  let ports: DocPorts;
  let system: ChildProcess | undefined;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    [database, vhost, ports] = await Promise.all([
      createTestDatabase(),
      createRabbitTestVhost(),
      freePorts(),
    ]);
    env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATABASE_URL: database.url,
      AMQP_URL: vhost.url,
      LOG_LEVEL: 'warn',
      // the worked examples hold orders at instants days ago (X-Simulated-Now) and confirm each at once; a sweep
      // between the two would expire the hold, which the real clock says ran out (operations.md, "Simulated clock")
      RESERVATION_SWEEP_INTERVAL_MS: '3600000',
      ...ports,
    };
    system = await startSystem(env, 240_000);
  }, 300_000);

  afterAll(async () => {
    await stopSystem(system);
    await Promise.all([database?.drop(), vhost?.dispose()]);
  }, 60_000);

  const token = (scope: string) =>
    issueToken({ scopes: [scope as never], subject: 'dev', expiresInSeconds: 600 }, {});

  /**
   * Sends every example of one served document, as it is: the hold's and the moves' examples order years ahead
   * (docs/reservations.md, "No promise in the past"), so they are promises that can be kept on any day.
   */
  async function sendExamples(port: string, base: string): Promise<[string, string, number][]> {
    const served = (await (await fetch(`http://127.0.0.1:${port}${base}/docs-json`)).json()) as {
      paths: Record<string, Record<string, Operation>>;
    };
    const sent: [string, string, number][] = [];
    const operations = Object.entries(served.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
    );
    // the configuration replaced last: the other examples are of the demo world
    operations.sort(
      (a, b) =>
        Number(a.operation.operationId === 'replaceConfiguration') -
        Number(b.operation.operationId === 'replaceConfiguration'),
    );
    for (const { path, method, operation } of operations) {
      const examples = operation.requestBody?.content['application/json']?.examples ?? {};
      const scope = /\(scope ([\w:]+)\)/.exec(operation.summary)?.[1] ?? '';
      for (const [name, { value }] of Object.entries(examples)) {
        const url = `http://127.0.0.1:${port}${path.replace('{identifier}', 'order-123')}`;
        const response = await fetch(url, {
          method: method.toUpperCase(),
          headers: {
            Authorization: `Bearer ${await token(scope)}`,
            'Content-Type': 'application/json',
          },
          body: JSON.stringify(value),
        });
        sent.push([operation.operationId, name, response.status]);
      }
    }
    return sent;
  }

  it('answers every request body example of both OpenAPI documents with a 2xx', async () => {
    const capacity = await sendExamples(ports.CAPACITY_PORT, '/capacity/v1');
    const upload = await sendExamples(ports.UPLOAD_PORT, '/product-upload/v1');
    expect([...capacity, ...upload]).toEqual([
      ['calculateDeliveryCapacity', 'layoutA', 200],
      ['calculateDeliveryCapacity', 'layoutAConfidence', 200],
      ['calculateDeliveryCapacity', 'layoutB', 200],
      ['explainDeliveryCapacity', 'counterAndRange', 200],
      ['previewConfiguration', 'oneRoute', 200],
      ['previewConfiguration', 'withRequests', 200],
      ['previewConfiguration', 'withBacktest', 200],
      ['createReservation', 'homeDelivery', 201],
      ['moveReservation', 'suggested', 200],
      ['moveReservation', 'chosen', 200],
      ['recordDeliveryOutcomes', 'failedAttempt', 200],
      ['replaceConfiguration', 'oneRoute', 200],
      ['uploadProducts', 'two products', 200],
      ['uploadProducts', 'one invalid product', 200],
    ]);
  }, 60_000);

  it('npm run demo:reset empties what it says it empties, and imports the demo configuration again', async () => {
    const { stdout } = await run('npm', ['run', '-s', 'demo:reset'], { env, cwd: root });
    expect(stdout).toMatch(
      /^Emptied reservations with their moves and risks, capacity usage, promises and outcome events, stock, products and uploads\nCapacity configuration: imported the demo \(version \d+: 4 nodes, 2 zones, 6 routes, with stock\)\n$/,
    );
    const db = new Database({ url: database.url, poolSize: 1 });
    try {
      const tables = DEMO_STATE.flatMap((part) => part.tables);
      const rows = await db.query<{ table: string; count: string }>(
        tables.map((table) => `SELECT '${table}' AS table, count(*) FROM ${table}`).join(' UNION ALL '),
      );
      const left = Object.fromEntries(rows.map((row) => [row.table, Number(row.count)]));
      // the demo stock is imported again with the configuration; everything else is empty
      expect(left).toEqual(Object.fromEntries(tables.map((table) => [table, table === 'stock' ? 7 : 0])));
    } finally {
      await db.close();
    }
  }, 60_000);

  it.each(DOCS)(
    'runs every command block of %s as pasted, and each prints what it shows',
    async (doc) => {
      const blocks = await runDoc(doc, env);
      expect(blocks.length).toBeGreaterThan(0);
      expect(blocks.filter((block) => block.missing.length > 0)).toEqual([]);
    },
    180_000,
  );
});
