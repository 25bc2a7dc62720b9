import type { RiskRecord, StoredRisk } from '@delivery/capacity-domain';
import { MetricsService } from '@delivery/platform';
import { activeConfiguration, demoSnapshot, E10_NOW, fixedClock } from '../testing/unit-fixtures';
import type { LoadedConfiguration } from '../snapshot';
import { CheckLiveVersionUseCase } from './check-live-version.use-case';
import type { FoundRisks, ReservationFitCheck, ReservationRisk } from './reservation-fit.check';
import type { ReservationEventPublisher } from './reservation-events.port';
import type { ReservationRiskStore, RiskCheckSteps } from './reservation-risk-store.port';
import { ReservationRiskMetrics } from './reservation-risk.metrics';

/** The store in memory: a transaction's writes are kept only when its work resolves; the outbox is what it recorded. */
class FakeRiskStore implements ReservationRiskStore {
  claimed = new Set<number>();
  recorded = new Map<number, RiskRecord[]>();
  readonly published = new Set<string>();

  async transaction<T>(work: (steps: RiskCheckSteps) => Promise<T>): Promise<T> {
    const claimed = new Set(this.claimed);
    const recorded = new Map(this.recorded);
    const result = await work({
      claim: async (version) => !claimed.has(version) && claimed.add(version) !== undefined,
      record: async (version, risks) => void recorded.set(version, [...risks]),
    });
    this.claimed = claimed;
    this.recorded = recorded;
    return result;
  }

  async checked(version: number): Promise<boolean> {
    return this.recorded.has(version);
  }

  async list(): Promise<{ total: number; items: StoredRisk[] }> {
    throw new Error('not read by the check');
  }

  async countByDate(version: number, _now: Date, from: string): Promise<{ date: string; count: number }[]> {
    const byDate = new Map<string, number>();
    for (const { selection } of this.recorded.get(version) ?? [])
      if (selection.deliveryDate >= from)
        byDate.set(selection.deliveryDate, (byDate.get(selection.deliveryDate) ?? 0) + 1);
    return [...byDate].sort().map(([date, count]) => ({ date, count }));
  }

  async publishPending(
    limit: number,
    _now: Date,
    publish: (risks: readonly StoredRisk[]) => Promise<void>,
  ): Promise<number> {
    const pending = [...this.recorded]
      .flatMap(([version, risks]) =>
        risks.map((risk): StoredRisk => ({ ...risk, version, status: 'HELD', createdAt: E10_NOW })),
      )
      .filter((risk) => !this.published.has(`${risk.version}:${risk.identifier}`))
      .slice(0, limit);
    if (pending.length === 0) return 0;
    await publish(pending);
    for (const risk of pending) this.published.add(`${risk.version}:${risk.identifier}`);
    return pending.length;
  }
}

class FakePublisher implements ReservationEventPublisher {
  readonly batches: string[][] = [];
  constructor(private readonly ready: boolean) {}
  isReady(): boolean {
    return this.ready;
  }
  async publish(risks: readonly StoredRisk[]): Promise<void> {
    this.batches.push(risks.map((risk) => `${risk.version}:${risk.identifier}`));
  }
}

/** A risk delivered on `deliveryDate` (E10's today is 2026-11-22 in Lima). */
const risk = (identifier: string, deliveryDate: string): ReservationRisk => ({
  identifier,
  status: 'HELD',
  createdAt: E10_NOW,
  misfit: { reason: 'NOT_PICKING_DAY', scope: 'PICKING', ref: 'CD01', date: '2026-11-25', node: 'CD01' },
  selection: {
    origin: 'CD01',
    dispatchMode: 'HOME_DELIVERY',
    destination: 'LIM-CENTRO',
    deliveryDate,
    deliveryWindow: 'AM',
  },
  earliestPromise: { deliveryDate: '2026-11-28', deliveryWindow: 'AM' },
});

const found = (listed: ReservationRisk[]): FoundRisks =>
  ({ total: listed.length, byReason: {}, listed }) as unknown as FoundRisks;

describe('CheckLiveVersionUseCase', () => {
  const snapshot = demoSnapshot();
  const version = (n: number): LoadedConfiguration => ({ version: n, loadedAt: E10_NOW, snapshot });

  function setUp(check: () => Promise<FoundRisks>, ready = true) {
    const store = new FakeRiskStore();
    const publisher = new FakePublisher(ready);
    const checks: number[] = [];
    const fitCheck = {
      check: async () => {
        checks.push(checks.length + 1);
        return check();
      },
    } as unknown as ReservationFitCheck;
    const active = activeConfiguration();
    active.offer(version(2));
    const metrics = new ReservationRiskMetrics(new MetricsService());
    const useCase = new CheckLiveVersionUseCase(fitCheck, store, publisher, active, metrics, fixedClock());
    const gauge = async () =>
      Object.fromEntries((await metrics.atRisk.get()).values.map((v) => [v.labels.day_offset, v.value]));
    return { store, publisher, checks, useCase, gauge };
  }

  it('claims the version, records what the check found, publishes it and counts the gauge by delivery day', async () => {
    const { store, publisher, useCase, gauge } = setUp(async () =>
      found([risk('a1', '2026-11-22'), risk('b1', '2026-11-24'), risk('c1', '2026-12-05')]),
    );
    expect(await useCase.execute(version(2), version(1))).toBe(3);
    expect(store.recorded.get(2)?.map((r) => `${r.identifier} ${r.reason} ${r.step.date}`)).toEqual([
      'a1 NOT_PICKING_DAY 2026-11-25',
      'b1 NOT_PICKING_DAY 2026-11-25',
      'c1 NOT_PICKING_DAY 2026-11-25',
    ]);
    expect(publisher.batches).toEqual([['2:a1', '2:b1', '2:c1']]);
    expect(await gauge()).toEqual({ '0': 1, '1': 0, '2': 1, '3': 0, '4': 0, '5': 0, '6': 0, '7': 1 });
  });

  it('a version already claimed is not checked again: null, and the outbox and the gauge as they are', async () => {
    const { store, checks, useCase, gauge } = setUp(async () => found([risk('a1', '2026-11-23')]));
    expect(await useCase.execute(version(2), null)).toBe(1);
    expect(await useCase.execute(version(2), null)).toBeNull();
    expect(checks).toEqual([1]);
    expect([...store.published]).toEqual(['2:a1']);
    expect((await gauge())['1']).toBe(1);
  });

  it('a check that fails leaves neither a claim nor risks: the next run checks the version', async () => {
    let fail = true;
    const { store, useCase } = setUp(async () => {
      if (fail) throw new Error('the read pool is gone');
      return found([risk('a1', '2026-11-23')]);
    });
    await expect(useCase.execute(version(2), null)).rejects.toThrow('the read pool is gone');
    expect([...store.claimed]).toEqual([]);
    expect(store.recorded.size).toBe(0);
    fail = false;
    expect(await useCase.execute(version(2), null)).toBe(1);
    expect([...store.claimed]).toEqual([2]);
  });

  it('without a broker the events wait in the outbox', async () => {
    const { store, publisher, useCase } = setUp(async () => found([risk('a1', '2026-11-23')]), false);
    expect(await useCase.execute(version(2), null)).toBe(1);
    expect(publisher.batches).toEqual([]);
    expect(store.published.size).toBe(0);
  });

  it('publishes the outbox in confirmed batches of 100', async () => {
    const many = Array.from({ length: 150 }, (_, i) => risk(`r${String(i).padStart(3, '0')}`, '2026-11-23'));
    const { publisher, useCase } = setUp(async () => found(many));
    expect(await useCase.execute(version(2), null)).toBe(150);
    expect(publisher.batches.map((batch) => batch.length)).toEqual([100, 50]);
  });
});
