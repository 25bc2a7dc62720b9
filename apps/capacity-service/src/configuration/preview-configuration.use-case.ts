import { Inject, Injectable } from '@nestjs/common';
import {
  businessDate,
  diffConfigurations,
  firstPromise,
  parseConfigurationInSlices,
  promiseChange,
  representativeRequests,
  runInSlices,
  snapshotToDocumentInSlices,
  summarizeImpact,
  type Clock,
  type ImpactRequest,
  type ConfigurationChanges,
  type PromiseImpact,
} from '@delivery/capacity-domain';
import type { ReservationRisksResponse } from '@delivery/contracts';
import { CapacityCalculator } from '../delivery-capacity';
import { presentRisks, ReservationFitCheck } from '../reservation-risk';
import { ActiveConfiguration, CLOCK, newPacer } from '../snapshot';
import { configurationInvalid } from './configuration-invalid.error';
import { CONFIGURATION_STORE, type ConfigurationStore } from './configuration-store.port';
import { CONFIGURATION_DEFAULTS, type ConfigurationDefaults } from './loaded-configuration';
import { PromiseBacktest, type BacktestRange, type BacktestResult } from './promise-backtest';

export interface ConfigurationPreview {
  activeVersion: number;
  changes: ConfigurationChanges;
  promises: PromiseImpact;
  reservations: ReservationRisksResponse;
  /** only when a backtest was asked */
  backtest?: BacktestResult;
}

/**
 * `POST {base}/configuration/preview`: a document checked exactly as a `PUT` checks it (the same 400 list), built
 * into a snapshot that is never stored nor swapped in, then compared with the active one: what changes (the domain's
 * diff, in slices) and what it does to promises (each representative request calculated by the same engine on both
 * snapshots at one instant, `CapacityCalculator.compare`), and which reservations it would break (`ReservationFitCheck`);
 * with a backtest range, the recorded promises of that range replayed through it (`PromiseBacktest`). Nothing is
 * written.
 */
@Injectable()
export class PreviewConfigurationUseCase {
  constructor(
    @Inject(CONFIGURATION_STORE) private readonly store: ConfigurationStore,
    private readonly active: ActiveConfiguration,
    @Inject(CONFIGURATION_DEFAULTS) private readonly defaults: ConfigurationDefaults,
    private readonly calculator: CapacityCalculator,
    private readonly fitCheck: ReservationFitCheck,
    private readonly backtest: PromiseBacktest,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * `requests`: the requests whose promises to compare; null: one per zone (`representativeRequests`).
   * `backtest`: the purchase days whose recorded promises to replay; null: none.
   */
  async execute(
    document: unknown,
    requests: readonly ImpactRequest[] | null,
    limit: number,
    backtest: BacktestRange | null = null,
  ): Promise<ConfigurationPreview> {
    const pacer = newPacer();
    const parsed = await parseConfigurationInSlices(document, this.defaults, pacer);
    if (!parsed.ok) throw configurationInvalid(parsed.errors);
    const problems = await this.store.storageProblems(document, parsed, pacer);
    if (problems.length > 0) throw configurationInvalid(problems);
    const active = this.active.get();
    const candidate = parsed.snapshot;
    const changes = await runInSlices(
      diffConfigurations(
        await snapshotToDocumentInSlices(active.snapshot, pacer),
        await snapshotToDocumentInSlices(candidate, pacer),
        limit,
      ),
      pacer,
    );
    const now = this.clock.now();
    const today = businessDate(active.snapshot.settings.timezone, now);
    const compared = requests ?? representativeRequests(active.snapshot, candidate, today);
    const impacts = await this.calculator.compare(
      active.snapshot,
      candidate,
      compared.map(({ request }) => request),
      now,
      (before, after, index) => promiseChange(compared[index], firstPromise(before), firstPromise(after)),
    );
    const risks = await this.fitCheck.check(active.snapshot, candidate, now, {
      limit,
      onlyBrokenByChange: true,
    });
    const preview: ConfigurationPreview = {
      activeVersion: active.version,
      changes,
      promises: summarizeImpact(impacts, limit),
      reservations: presentRisks(risks),
    };
    if (backtest !== null) preview.backtest = await this.backtest.run(candidate, backtest, limit);
    return preview;
  }
}
