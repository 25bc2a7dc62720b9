import { Inject, Injectable } from '@nestjs/common';
import {
  calculate,
  diffConfigurations,
  firstPromise,
  parseConfigurationInSlices,
  planReads,
  promiseChange,
  representativeRequests,
  runInSlices,
  snapshotToDocumentInSlices,
  summarizeImpact,
  type Clock,
  type ImpactRequest,
  type ConfigurationChanges,
  type PromiseChange,
  type PromiseImpact,
  type ReadPlan,
} from '@delivery/capacity-domain';
import { eventLoopPacer } from '@delivery/persistence';
import { CLOCK } from '../clock';
import {
  CALCULATION_DATA,
  READS_PER_STATEMENT,
  type CalculationDataSource,
} from '../delivery-capacity/calculation-data.port';
import { ActiveConfiguration } from './active-configuration';
import { configurationInvalid } from './configuration-invalid.error';
import { CONFIGURATION_STORE, type ConfigurationStore } from './configuration-store.port';
import { CONFIGURATION_DEFAULTS, type ConfigurationDefaults } from './loaded-configuration';

export interface ConfigurationPreview {
  activeVersion: number;
  changes: ConfigurationChanges;
  promises: PromiseImpact;
}

/**
 * `POST {base}/configuration/preview`: a document checked exactly as a `PUT` checks it (the same 400 list), built
 * into a snapshot that is never stored nor swapped in, then compared with the active one: what changes (the domain's
 * diff, in slices) and what it does to promises (each representative request calculated by the same engine on both
 * snapshots, from one read of counters and stock covering both plans, at one instant; the reads of
 * `READS_PER_STATEMENT` requests go out in one turn, so they share a statement: a national network's ~1,800 zones
 * make ~60 round trips, not ~1,800). Nothing is written.
 */
@Injectable()
export class PreviewConfigurationUseCase {
  constructor(
    @Inject(CONFIGURATION_STORE) private readonly store: ConfigurationStore,
    private readonly active: ActiveConfiguration,
    @Inject(CONFIGURATION_DEFAULTS) private readonly defaults: ConfigurationDefaults,
    @Inject(CALCULATION_DATA) private readonly reader: CalculationDataSource,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** `requests`: the requests whose promises to compare; null: one per zone (`representativeRequests`). */
  async execute(
    document: unknown,
    requests: readonly ImpactRequest[] | null,
    limit: number,
  ): Promise<ConfigurationPreview> {
    const pacer = eventLoopPacer();
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
    const clock: Clock = { now: () => now };
    const today = businessDate(now, active.snapshot.settings.timezone);
    const compared = requests ?? representativeRequests(active.snapshot, candidate, today);
    const impacts: PromiseChange[] = [];
    for (let start = 0; start < compared.length; start += READS_PER_STATEMENT) {
      const chunk = compared.slice(start, start + READS_PER_STATEMENT);
      const data = await Promise.all(
        chunk.map(({ request }) =>
          this.reader.read(
            bothPlans(planReads(active.snapshot, request, clock), planReads(candidate, request, clock)),
          ),
        ),
      );
      for (const [index, impact] of chunk.entries()) {
        const before = firstPromise(calculate(active.snapshot, impact.request, data[index], clock));
        const after = firstPromise(calculate(candidate, impact.request, data[index], clock));
        impacts.push(promiseChange(impact, before, after));
        if (pacer.due()) await pacer.pause();
      }
    }
    return { activeVersion: active.version, changes, promises: summarizeImpact(impacts, limit) };
  }
}

/** One read for both calculations: every counter range, stock row and weight either plan names. */
function bothPlans(a: ReadPlan, b: ReadPlan): ReadPlan {
  const unique = <T>(list: T[]) => [...new Map(list.map((entry) => [JSON.stringify(entry), entry])).values()];
  return {
    counters: unique([...a.counters, ...b.counters]),
    stock: unique([...a.stock, ...b.stock]),
    productWeights: unique([...a.productWeights, ...b.productWeights]),
  };
}

/** `YYYY-MM-DD` of `instant` in `timezone`. */
function businessDate(instant: Date, timezone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(instant);
}
