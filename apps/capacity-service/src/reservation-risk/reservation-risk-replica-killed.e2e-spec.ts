import { connect, type Channel, type ChannelModel } from 'amqplib';
import { Client } from 'pg';
import { bearer, mintToken, TEST_JWT_SECRET } from '@delivery/auth/testing';
import { createRabbitTestVhost, TcpProxy, waitFor, type RabbitTestVhost } from '@delivery/messaging/testing';
import { createTestDatabase, type TestDatabase } from '@delivery/persistence/testing';
import { startAppProcess, type AppProcess } from '@delivery/platform/testing';

const MAIN = 'apps/capacity-service/src/main.ts';
const BASE = '/capacity/v1';
/** Reservations one change puts at risk: three batches of the outbox's 100. */
const RESERVATIONS = 250;
/** The replicas' takeover delay (`RESERVATION_RISK_CLAIM_TAKEOVER_MS`; 10 minutes by default). */
const TAKEOVER_MS = 5_000;
const ALL_DAYS = ['LUN', 'MAR', 'MIE', 'JUE', 'VIE', 'SAB', 'DOM'];
type Fields = Record<string, unknown>;

/** Today in Lima (the business time zone) plus `days`, as YYYY-MM-DD: the processes run on the real clock. */
function limaDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** One CD picking every day for one zone, a day's lead time, room for every reservation; closed on `holidays`. */
function world(holidays: string[] = []): Fields {
  return {
    settings: { timezone: 'America/Lima' },
    nodes: [
      { code: 'O1', type: 'CD', pickingDays: ALL_DAYS, processingDays: 0, pickingCapacity: 1000, holidays },
    ],
    zones: [{ code: 'Z1', ubigeoCodes: ['150101'] }],
    routes: [
      {
        code: 'R-O1',
        source: 'O1',
        targetZone: 'Z1',
        mode: 'HOME_DELIVERY',
        daysOfWeek: ALL_DAYS,
        leadTimeDays: 1,
        dispatchCapacity: 1000,
        deliveryWindows: [{ code: 'AM', start: '09:00', end: '13:00', capacity: 1000 }],
      },
    ],
    capacityOverrides: [],
  };
}

/**
 * A replica killed while it checks a new version after it went live (docs/reservations.md, "After a change goes
 * live"), as when its host is lost: its connections to Postgres go through a TCP proxy that is stranded (nothing
 * forwarded, nothing closed: Postgres hears nothing more, as from a machine gone) the moment it holds the claim of
 * version 2, in the middle of its check, and the process is SIGKILLed. Its claim's transaction stays open, holding
 * the claim, until Postgres ends it after the takeover delay; a second replica started then, waiting on that claim,
 * takes it and runs the check: every reservation the change put at risk is published once, under its message id,
 * and the check of version 2 is recorded as finished.
 */
describe('the check after a version goes live, its replica killed while checking', () => {
  let database: TestDatabase;
  let rabbit: RabbitTestVhost;
  let proxy: TcpProxy;
  let client: Client;
  let model: ChannelModel;
  let channel: Channel;
  const replicas: AppProcess[] = [];

  beforeAll(async () => {
    [database, rabbit] = await Promise.all([createTestDatabase(), createRabbitTestVhost()]);
    proxy = await TcpProxy.start(database.url);
    client = new Client({ connectionString: database.url });
    await client.connect();
    model = await connect(rabbit.url);
    channel = await model.createChannel();
  });
  afterAll(async () => {
    for (const replica of replicas) await replica.stop('SIGKILL');
    await Promise.all([model.close(), client.end(), proxy.close()]);
    await Promise.all([database.drop(), rabbit.dispose()]);
  });

  /** A replica; `refreshMs`: how often it checks the active version besides the swaps (its timer). */
  const replica = async (databaseUrl: string, refreshMs: number): Promise<AppProcess> => {
    const app = await startAppProcess(MAIN, {
      DATABASE_URL: databaseUrl,
      AMQP_URL: rabbit.url,
      JWT_SECRET: TEST_JWT_SECRET,
      RATE_LIMIT: '100000',
      RESERVATION_RISK_REFRESH_MS: String(refreshMs),
      RESERVATION_RISK_CLAIM_TAKEOVER_MS: String(TAKEOVER_MS),
    });
    replicas.push(app);
    await app.waitUntilReady(60_000);
    return app;
  };
  const rows = async <T extends Fields>(text: string): Promise<T[]> => (await client.query<T>(text)).rows;

  it('is taken by another replica after the takeover delay: each at-risk event published once, the check finished', async () => {
    const authorization = bearer(
      await mintToken({ scopes: ['configuration:write', 'capacity:reserve'], expiresIn: 3600 }),
    );
    const call = async (app: AppProcess, method: string, path: string, body: unknown) =>
      (
        await fetch(`${app.url}${BASE}${path}`, {
          method,
          headers: { Authorization: authorization, 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).status;

    // the first replica checks on swaps only: the one claim it makes after the change is that of version 2
    const first = await replica(proxy.urlFor(database.url), 3_600_000);
    expect(await call(first, 'PUT', '/configuration', world())).toBe(200);
    for (let n = 1; n <= RESERVATIONS; n++) {
      const status = await call(first, 'POST', '/delivery/capacity/reservations', {
        identifier: `order-${n}`,
        request: {
          purchaseDate: limaDate(2),
          saleChannel: 'WEB',
          deliveryData: { zone: 'Z1' },
          items: [{ skuCode: 'SKU-1', origin: 'O1', quantity: 1 }],
        },
        selections: [
          { origin: 'O1', dispatchMode: 'HOME_DELIVERY', destination: 'Z1', deliveryDate: limaDate(3) },
        ],
      });
      expect(status).toBe(201);
    }
    await waitFor(
      async () =>
        (await rows(`SELECT 1 FROM capacity_reservation_risk_checks WHERE finished_at IS NOT NULL`)).length,
      30_000,
      'the check of version 1',
    );

    // the change: O1 closed on the day every order is picked; the replica's statements slowed, so that its check
    // is caught between its claim and its record
    proxy.delay(100);
    expect(await call(first, 'PUT', '/configuration', world([limaDate(2)]))).toBe(200);
    const [claim] = await waitFor(
      async () => {
        const found = await rows<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity
           WHERE datname = current_database() AND state = 'idle in transaction' AND backend_xid IS NOT NULL
             AND query LIKE '%INSERT INTO capacity_reservation_risk_checks%'`,
        );
        return found.length > 0 && found;
      },
      60_000,
      "the first replica's claim of version 2",
    );
    proxy.strand();
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    // Postgres still holds the claim for the replica gone
    expect(
      await rows(`SELECT state FROM pg_stat_activity WHERE pid = ${claim.pid} AND backend_xid IS NOT NULL`),
    ).toEqual([{ state: 'idle in transaction' }]);

    const second = await replica(database.url, 200);
    await waitFor(
      async () =>
        (
          await rows(
            `SELECT 1 FROM capacity_reservation_risks WHERE version = 2 AND newly AND published_at IS NOT NULL`,
          )
        ).length === RESERVATIONS,
      60_000,
      'every at-risk reservation of version 2 published',
    );

    expect(
      await rows(
        `SELECT version::int, finished_at IS NOT NULL AS finished FROM capacity_reservation_risk_checks ORDER BY 1`,
      ),
    ).toEqual([
      { version: 1, finished: true },
      { version: 2, finished: true },
    ]);
    // the first replica's transaction was ended by Postgres; the second replica checked the version
    expect(await rows(`SELECT 1 FROM pg_stat_activity WHERE pid = ${claim.pid}`)).toEqual([]);
    // the replica logs the check once its transaction has committed: the line may reach its output a moment after
    // the rows are seen
    await waitFor(
      async () => second.stdout().includes('reservation risks of configuration version 2'),
      10_000,
      "the second replica's line for version 2",
    );
    const checked = second
      .stdout()
      .split('\n')
      .filter((line) => line.includes('reservation risks of configuration version 2'))
      .map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(checked).toEqual([`reservation risks of configuration version 2: ${RESERVATIONS} at risk`]);

    const messageIds: string[] = [];
    for (let message = await channel.get('reservations.at-risk', { noAck: true }); message !== false;) {
      messageIds.push(message.properties.messageId as string);
      message = await channel.get('reservations.at-risk', { noAck: true });
    }
    expect(messageIds.sort()).toEqual(
      Array.from({ length: RESERVATIONS }, (_, i) => `reservation-at-risk:2:order-${i + 1}`).sort(),
    );
  }, 240_000);
});
