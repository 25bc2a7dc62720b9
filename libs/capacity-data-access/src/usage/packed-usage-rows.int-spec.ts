import { formatDate, type ReservationTake, type UsedUnitsRow } from '@delivery/capacity-domain';
import { Database } from '@delivery/persistence';
import { createTestDatabase, TestDatabase } from '@delivery/persistence/testing';
import {
  PACKED_COUNTER_DAYS,
  PACKED_RESERVATIONS,
  unpackCounterDays,
  unpackReservations,
} from './packed-usage-rows';

/** Rows packed by Postgres with the statement's expressions, then read back: what went in comes out. */
describe('packed usage rows', () => {
  let database: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = new Database({ url: database.url, poolSize: 1 });
  });
  afterAll(async () => {
    await db.close();
    await database.drop();
  });

  const packed = async (expression: string, columns: string, rows: object[]): Promise<string | null> => {
    const [row] = await db.query<{ packed: string | null }>(
      `SELECT ${expression} AS packed FROM jsonb_to_recordset($1::jsonb) AS t(${columns})`,
      [JSON.stringify(rows)],
    );
    return row.packed;
  };
  const packCounterDays = (rows: UsedUnitsRow[]) =>
    packed(
      PACKED_COUNTER_DAYS,
      'scope text, ref text, date date, used int',
      rows.map(({ day, ...row }) => ({ ...row, date: formatDate(day) })),
    );

  it('counter-days: scope, ref, day (before 1970 too) and units come back as they were', async () => {
    const rows: UsedUnitsRow[] = [
      { scope: 'PICKING', ref: 'CD01', day: 20_417, used: 7 },
      { scope: 'DISPATCH', ref: 'R-CD01-LIMCENTRO-N', day: -3, used: 0 },
      { scope: 'WINDOW', ref: 'R-ÑUÑOA-01:AM', day: 0, used: 2_000_000_000 },
      { scope: 'WINDOW', ref: 'R-ÑUÑOA-01:PM', day: 20_418, used: 12 },
    ];
    const text = await packCounterDays(rows);
    expect(text).toBe(
      'PICKING CD01 20417 7\nDISPATCH R-CD01-LIMCENTRO-N -3 0\nWINDOW R-ÑUÑOA-01:AM 0 2000000000\n' +
        'WINDOW R-ÑUÑOA-01:PM 20418 12',
    );
    expect(await unpackCounterDays(text)).toEqual(rows);
  });

  it('reservations: identifier (a line break in it too), whether HELD, and each entry taken as a counter-day', async () => {
    const taken = (ref: string, date: string, units: number) => ({
      scope: 'DISPATCH',
      ref,
      date,
      units,
      capacity: 200,
    });
    const text = await packed(PACKED_RESERVATIONS, 'identifier text, status text, taken jsonb', [
      {
        identifier: 'order-1',
        status: 'HELD',
        taken: [taken('R1', '2026-11-25', 2), taken('R2', '1969-12-31', 1)],
      },
      { identifier: 'order "2"\nsecond line', status: 'CONFIRMED', taken: [] },
    ]);
    expect(text?.split('\n')).toHaveLength(2);
    const expected: ReservationTake[] = [
      {
        identifier: 'order-1',
        held: true,
        taken: [
          { scope: 'DISPATCH', ref: 'R1', day: 20_782, used: 2 },
          { scope: 'DISPATCH', ref: 'R2', day: -1, used: 1 },
        ],
      },
      { identifier: 'order "2"\nsecond line', held: false, taken: [] },
    ];
    expect(await unpackReservations(text)).toEqual(expected);
  });

  it('nothing packs as NULL and reads back as no rows', async () => {
    expect(await packCounterDays([])).toBeNull();
    expect(await unpackCounterDays(null)).toEqual([]);
    expect(await unpackReservations(null)).toEqual([]);
  });
});
