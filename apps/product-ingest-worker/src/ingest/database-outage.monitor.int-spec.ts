import { Database } from '@delivery/persistence';
import { TcpProxy, waitFor } from '@delivery/messaging/testing';
import { createTestDatabase, TestDatabase } from '@delivery/persistence/testing';
import { DatabaseOutageMonitor, type PausableTransport } from './database-outage.monitor';

/** P3.3 / Q2.3 against a real Postgres behind a proxy whose network the test cuts and restores. */
describe('DatabaseOutageMonitor', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let db: Database;
  let monitor: DatabaseOutageMonitor;
  const calls: string[] = [];
  const transport: PausableTransport = {
    pause: async () => void calls.push('pause'),
    resume: async () => void calls.push('resume'),
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    proxy = await TcpProxy.start(database.url);
    db = new Database({ url: proxy.urlFor(database.url), poolSize: 2 });
  });
  beforeEach(() => {
    calls.length = 0;
    monitor = new DatabaseOutageMonitor(db);
    monitor.attach(transport);
  });
  afterEach(() => monitor.onApplicationShutdown());
  afterAll(async () => {
    await db.close();
    await proxy.close();
    await database.drop();
  });

  it('leaves consumption alone when a statement fails on a database that answers', async () => {
    const error = await db.query('SELECT * FROM no_such_table').catch((e: unknown) => e);
    monitor.report(error);
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(calls).toEqual([]);
  });

  it('pauses when Postgres cannot be reached, once, and resumes when it answers again', async () => {
    proxy.cut();
    const error = await db.query('SELECT 1').catch((e: unknown) => e);
    monitor.report(error);
    monitor.report(error);
    await waitFor(() => calls.length > 0, 2000, 'pause');
    await new Promise((resolve) => setTimeout(resolve, 1200)); // two probes fail while cut
    expect(calls).toEqual(['pause']);
    proxy.restore();
    await waitFor(() => calls.length === 2, 10_000, 'resume');
    expect(calls).toEqual(['pause', 'resume']);
  });
});
