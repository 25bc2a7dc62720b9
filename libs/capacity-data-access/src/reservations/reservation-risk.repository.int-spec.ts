import { Database } from '@delivery/persistence';
import { createTestDatabase, TestDatabase } from '@delivery/persistence/testing';
import { ReservationRiskRepository } from './reservation-risk.repository';

/** The check of a version in one transaction: claim, risks and finish written together, or none of them. */
const NOW = new Date('2026-11-22T17:00:00.000Z');
/** The takeover delay of these tests' replicas (`RESERVATION_RISK_CLAIM_TAKEOVER_MS`). */
const TAKEOVER_MS = 1_000;
const after = (ms: number) => new Date(NOW.getTime() + ms);

describe('ReservationRiskRepository.transaction', () => {
  let database: TestDatabase;
  let db: Database;
  let risks: ReservationRiskRepository;

  const checks = async () =>
    (
      await db.query<{ row: string }>(
        `SELECT version || ' ' || (finished_at IS NOT NULL) AS row FROM capacity_reservation_risk_checks ORDER BY 1`,
      )
    ).map((row) => row.row);

  beforeAll(async () => {
    database = await createTestDatabase();
    db = new Database({ url: database.url, poolSize: 4 });
    risks = new ReservationRiskRepository(db, TAKEOVER_MS);
  });
  afterAll(async () => {
    await db.close();
    await database.drop();
  });
  beforeEach(() => db.query('TRUNCATE capacity_reservation_risk_checks, capacity_reservation_risks'));

  it('a check that fails after its claim leaves no claim: the version is claimed again at once', async () => {
    await expect(
      risks.transaction(async (steps) => {
        expect(await steps.claim(3, NOW)).toBe(true);
        throw new Error('the check failed');
      }),
    ).rejects.toThrow('the check failed');
    expect(await checks()).toEqual([]);
    expect(await risks.transaction((steps) => steps.claim(3, NOW))).toBe(true);
    expect(await checks()).toEqual(['3 false']);
  });

  it('a claim made while another transaction checks the version gets nothing once that check is written', async () => {
    let finish: () => void = () => undefined;
    const finishing = new Promise<void>((resolve) => (finish = resolve));
    let claimedFirst: () => void = () => undefined;
    const firstClaimed = new Promise<void>((resolve) => (claimedFirst = resolve));
    const first = risks.transaction(async (steps) => {
      const claimed = await steps.claim(4, NOW);
      claimedFirst();
      await finishing;
      await steps.record(4, [], NOW);
      return claimed;
    });
    await firstClaimed;
    const second = risks.transaction((steps) => steps.claim(4, NOW));
    finish();
    expect([await first, await second]).toEqual([true, false]);
    expect(await checks()).toEqual(['4 true']);
    expect(await risks.checked(4)).toBe(true);
  });

  it('a claim committed and never finished is taken again once older than the takeover delay, not before', async () => {
    // as the release before one-transaction checks left it when its replica died during the check
    await db.query(`INSERT INTO capacity_reservation_risk_checks (version, claimed_at) VALUES (5, $1)`, [
      NOW,
    ]);
    expect(await risks.transaction((steps) => steps.claim(5, after(TAKEOVER_MS)))).toBe(false);
    expect(await risks.transaction((steps) => steps.claim(5, after(TAKEOVER_MS + 1)))).toBe(true);
    const [row] = await db.query<{ claimedAt: Date; finished: boolean }>(
      `SELECT claimed_at AS "claimedAt", finished_at IS NOT NULL AS finished
       FROM capacity_reservation_risk_checks WHERE version = 5`,
    );
    expect(row).toEqual({ claimedAt: after(TAKEOVER_MS + 1), finished: false });
  });

  it('a claim whose replica stops answering is ended after the takeover delay, and the waiting claim gets it', async () => {
    let claimedFirst: () => void = () => undefined;
    const firstClaimed = new Promise<void>((resolve) => (claimedFirst = resolve));
    let wake: () => void = () => undefined;
    const woken = new Promise<void>((resolve) => (wake = resolve));
    // the first replica claims, then sends nothing more until woken (a replica whose host is gone)
    const first = risks.transaction(async (steps) => {
      const claimed = await steps.claim(6, NOW);
      claimedFirst();
      await woken;
      await steps.record(6, [], NOW);
      return claimed;
    });
    await firstClaimed;
    // waits on the first claim's row until Postgres ends the silent transaction
    expect(await risks.transaction((steps) => steps.claim(6, NOW))).toBe(true);
    wake();
    // its connection was ended by Postgres: the rest of its check fails, and nothing of it is written
    await expect(first).rejects.toThrow('Client has encountered a connection error and is not queryable');
    expect(await checks()).toEqual(['6 false']);
  });
});
