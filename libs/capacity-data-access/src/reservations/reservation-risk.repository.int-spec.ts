import { Database } from '@delivery/persistence';
import { createTestDatabase, TestDatabase } from '@delivery/persistence/testing';
import { ReservationRiskRepository } from './reservation-risk.repository';

/** The check of a version in one transaction: claim, risks and finish written together, or none of them. */
const NOW = new Date('2026-11-22T17:00:00.000Z');

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
    risks = new ReservationRiskRepository(db);
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
});
