import { Client } from 'pg';
import { createTestDatabase, TestDatabase } from '@delivery/persistence/testing';
import { ReservationWindowHours1795405000000 } from './migrations/1795405000000-reservation-window-hours';

const ROUTE = 'R-CD01-LIMCENTRO-N';
type Fields = Record<string, unknown>;

/** A configuration whose route has one AM window of these hours. */
const documentWithAm = (start: string, end: string) => ({
  routes: [
    { code: 'R-OTHER', deliveryWindows: [{ code: 'AM', start: '06:00', end: '07:00' }] },
    { code: ROUTE, deliveryWindows: [{ code: 'AM', start, end }] },
  ],
});

/** One selection delivered 2026-11-26; with a window, its plan takes the route's AM. */
const selection = (window: string | null, fields: Fields = {}): Fields => ({
  origin: 'CD01',
  dispatchMode: 'HOME_DELIVERY',
  destination: 'LIM-CENTRO',
  deliveryDate: '2026-11-26',
  deliveryWindow: window,
  ...fields,
  plan: [
    { scope: 'DISPATCH', ref: ROUTE, date: '2026-11-25', units: 2, unlimited: false },
    ...(window === null
      ? []
      : [{ scope: 'WINDOW', ref: `${ROUTE}:${window}`, date: '2026-11-26', units: 1, unlimited: false }]),
  ],
});

/**
 * The window hours kept with each selection, filled in for the reservations made before: from the instants kept
 * with the selection, else from the configuration version loaded when it was made (or last moved), else absent.
 */
describe('ReservationWindowHours1795405000000', () => {
  let database: TestDatabase;
  let client: Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    client = new Client({ connectionString: database.url });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
    await database.drop();
  });

  it('fills in the hours each selection with a window was made with', async () => {
    await client.query(
      `INSERT INTO capacity_configuration_versions (version, loaded_at, document) VALUES
         (1, '2026-11-01T00:00:00Z', $1), (2, '2026-11-20T00:00:00Z', $2)`,
      [documentWithAm('09:00', '13:00'), documentWithAm('08:00', '13:00')],
    );
    const reservations: [string, string, Fields[]][] = [
      ['made-under-1', '2026-11-10T12:00:00Z', [selection('AM')]],
      ['made-under-2', '2026-11-21T12:00:00Z', [selection('AM'), selection(null)]],
      ['moved-under-2', '2026-11-10T12:00:00Z', [selection('AM')]],
      [
        'kept-instants',
        '2026-11-10T12:00:00Z',
        [
          selection('AM', {
            deliveryWindowStart: '2026-11-26T10:00:00-05:00',
            deliveryWindowEnd: '2026-11-26T14:00:00-05:00',
          }),
        ],
      ],
      ['before-any-version', '2026-10-01T12:00:00Z', [selection('AM')]],
      ['unknown-window', '2026-11-10T12:00:00Z', [selection('PM')]],
    ];
    for (const [identifier, createdAt, selections] of reservations)
      await client.query(
        `INSERT INTO capacity_reservations (identifier, body_hash, status, created_at, ended_at, selections, taken)
         VALUES ($1, 'h', 'RELEASED', $2, $2, $3, '[]')`,
        [identifier, createdAt, JSON.stringify(selections)],
      );
    await client.query(
      `INSERT INTO capacity_reservation_moves
         (move_identifier, reservation, body_hash, moved_at, selections_before, taken_before)
       VALUES ('m1', 'moved-under-2', 'h', '2026-11-21T12:00:00Z', '[]', '[]')`,
    );

    await new ReservationWindowHours1795405000000().up({
      query: (sql: string) => client.query(sql),
    } as unknown as Parameters<ReservationWindowHours1795405000000['up']>[0]);

    const rows = await client.query<{ identifier: string; hours: (Fields | null)[] }>(
      `SELECT identifier, (SELECT jsonb_agg(s -> 'deliveryWindowHours' ORDER BY n)
                           FROM jsonb_array_elements(selections) WITH ORDINALITY AS e(s, n)) AS hours
       FROM capacity_reservations ORDER BY identifier`,
    );
    expect(rows.rows).toEqual([
      { identifier: 'before-any-version', hours: [null] },
      { identifier: 'kept-instants', hours: [{ start: '10:00', end: '14:00' }] },
      { identifier: 'made-under-1', hours: [{ start: '09:00', end: '13:00' }] },
      { identifier: 'made-under-2', hours: [{ start: '08:00', end: '13:00' }, null] },
      { identifier: 'moved-under-2', hours: [{ start: '08:00', end: '13:00' }] },
      { identifier: 'unknown-window', hours: [null] },
    ]);
    // everything else of a selection as it was
    const [madeUnder2] = (
      await client.query(`SELECT selections FROM capacity_reservations WHERE identifier = 'made-under-2'`)
    ).rows;
    expect(madeUnder2.selections).toEqual([
      { ...selection('AM'), deliveryWindowHours: { start: '08:00', end: '13:00' } },
      selection(null),
    ]);
  });
});
