import type { RecordedPromise } from '@delivery/capacity-domain';
import { Database } from '@delivery/persistence';
import { createTestDatabase, TestDatabase } from '@delivery/persistence/testing';
import { RecordedPromisesReader } from './recorded-promises.reader';

const REQUEST = {
  purchaseDate: '2026-11-22',
  saleChannel: 'WEB',
  dispatchType: 'NORMAL',
  dispatchMode: 'HOME_DELIVERY',
  deliveryData: { zone: 'LIM-CENTRO' },
  items: [{ skuCode: 'SKU-1', origin: 'CD01', quantity: 1, weight: 1000 }],
};

/** Sunday 11-22 and Monday 11-23 in Lima (UTC−5) as instants: the range's bounds. */
const FROM = new Date('2026-11-22T05:00:00Z');
const UNTIL = new Date('2026-11-24T05:00:00Z');

/** The backtest's read (docs/accuracy.md, "Backtesting a change"): promises, what happened, the order's request. */
describe('RecordedPromisesReader', () => {
  let database: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = new Database({ url: database.url, poolSize: 2 });
    const confirmed = async (
      identifier: string,
      createdAt: string,
      destinations: string[],
      request: unknown,
    ) => {
      const selections = destinations.map((destination, index) => ({
        origin: index === 0 ? 'CD01' : 'CD02',
        dispatchMode: 'HOME_DELIVERY',
        destination,
        deliveryDate: '2026-11-26',
        deliveryWindow: null,
        plan: [
          { scope: 'PICKING', ref: 'CD01', date: '2026-11-24', units: 1, unlimited: false },
          { scope: 'DISPATCH', ref: `R-${destination}`, date: '2026-11-25', units: 1, unlimited: false },
        ],
      }));
      await db.query(
        `INSERT INTO capacity_reservations
           (identifier, body_hash, status, created_at, hold_expires_at, selections, taken, request)
         VALUES ($1, 'test', 'HELD', $2, $2::timestamptz + interval '1 hour', $3, '[]', $4)`,
        [
          identifier,
          createdAt,
          JSON.stringify(selections),
          request === null ? null : JSON.stringify(request),
        ],
      );
      await db.query(
        `UPDATE capacity_reservations SET status = 'CONFIRMED', hold_expires_at = NULL, confirmed_at = created_at
         WHERE identifier = $1`,
        [identifier],
      );
      // what the confirmation's promises port writes in its transaction
      await db.query(
        `SELECT delivery_promises_planned(identifier, selections, created_at, confirmed_at)
         FROM capacity_reservations WHERE identifier = $1`,
        [identifier],
      );
    };
    await confirmed('BEFORE', '2026-11-22T04:59:59Z', ['LIM-CENTRO'], REQUEST); // Saturday 23:59 in Lima
    await confirmed('FIRST', '2026-11-22T05:00:00Z', ['LIM-CENTRO'], REQUEST); // Sunday 00:00
    await confirmed('TWO', '2026-11-23T15:00:00Z', ['LIM-CENTRO', 'LIM-SUR'], REQUEST);
    await confirmed('OLD', '2026-11-22T12:00:00Z', ['LIM-CENTRO'], null); // made before requests were kept
    await confirmed('AFTER', '2026-11-24T05:00:00Z', ['LIM-CENTRO'], REQUEST); // Tuesday 00:00
    await db.query(
      `UPDATE delivery_promises SET state = 'DELIVERED', delivered_date = '2026-11-27', delay_days = 1
       WHERE reservation_identifier = 'FIRST'`,
    );
  });
  afterAll(async () => {
    await db.close();
    await database.drop();
  });

  it('reads the promises of the orders placed in the range, in the order placed, the request on the first of each', async () => {
    const batches: RecordedPromise[][] = [];
    await new RecordedPromisesReader(db).eachRecorded(FROM, UNTIL, '2026-11-22', async (batch) => {
      batches.push(batch);
    });
    expect(batches).toHaveLength(1);
    const promise = (identifier: string, fields: Partial<RecordedPromise>): RecordedPromise => ({
      identifier,
      selection: 0,
      origin: 'CD01',
      dispatchMode: 'HOME_DELIVERY',
      destination: 'LIM-CENTRO',
      lane: 'R-LIM-CENTRO',
      promisedDate: '2026-11-26',
      state: 'OPEN',
      deliveredDate: null,
      reservedAt: new Date(0),
      request: REQUEST as RecordedPromise['request'],
      ...fields,
    });
    expect(batches[0]).toEqual([
      promise('FIRST', {
        reservedAt: new Date('2026-11-22T05:00:00Z'),
        state: 'DELIVERED',
        deliveredDate: '2026-11-27',
      }),
      promise('OLD', { reservedAt: new Date('2026-11-22T12:00:00Z'), request: null }),
      promise('TWO', { reservedAt: new Date('2026-11-23T15:00:00Z') }),
      promise('TWO', {
        selection: 1,
        origin: 'CD02',
        destination: 'LIM-SUR',
        lane: 'R-LIM-SUR',
        reservedAt: new Date('2026-11-23T15:00:00Z'),
        request: null,
      }),
    ]);
  });

  it('reads nothing for a range without orders, leaving no cursor open', async () => {
    const seen: RecordedPromise[] = [];
    await new RecordedPromisesReader(db).eachRecorded(
      new Date('2026-12-01T05:00:00Z'),
      new Date('2026-12-02T05:00:00Z'),
      '2026-12-01',
      async (batch) => {
        seen.push(...batch);
      },
    );
    expect(seen).toEqual([]);
    expect(await db.query('SELECT name FROM pg_cursors')).toEqual([]);
  });
});
