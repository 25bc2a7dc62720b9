/**
 * Collects the explanation during the calculation itself: one `PathRecorder` per evaluated path, then the group's
 * ranks read from the very `ranked` list the answer is built from, so the explanation cannot disagree with it.
 */
import { isoDateTime } from '../calendar/business-time';
import { DayNumber, formatDate } from '../calendar/calendar';
import type { DispatchType } from '../configuration/configuration-document.types';
import type { NodeModel } from '../configuration/snapshot';
import type { CounterUsageRow } from '../request/calculation-data.types';
import type { CounterBook } from './capacity-counters';
import type {
  ExplanationBasis,
  GroupExplanation,
  PathExplanation,
  PlacementExplanation,
} from './explanation.types';
import type { GroupEvaluation } from './group-evaluation.types';
import { groupPromise, promiseConfidenceOf } from './lane-promise';
import type { PathDateSearch, PathEvaluation } from './path-dates.calculator';
import { PathRecorder } from './path.recorder';
import type { RequestScope } from './request-scope';

export interface RecordedPath {
  readonly evaluation: PathEvaluation;
  readonly recorder: PathRecorder;
}

/** What `explain` hands to a layout: filled while it calculates. */
export interface ExplanationSink {
  /** the run's scope (its "now"), set by the layout */
  scope: RequestScope | null;
  placement: PlacementExplanation | null;
  groups: GroupExplanation[];
}

/** The basis of a run: its instant, the configuration version, the identifier and the counter rows it read. */
export function explanationBasis(
  scope: RequestScope,
  now: Date,
  configurationVersion: number,
  identifier: string | null,
  counters: readonly CounterUsageRow[],
): ExplanationBasis {
  return {
    now: now.toISOString(),
    businessNow: businessInstant(scope),
    timeZone: scope.snapshot.settings.timezone,
    configurationVersion,
    identifier,
    counters: counters.map(({ scope: counterScope, ref, date, used }) => ({
      scope: counterScope,
      ref,
      date,
      used,
    })),
  };
}

/** "now" as the business time zone's wall time with its offset (`2026-11-24T18:40:00-05:00`) */
const businessInstant = (scope: RequestScope): string =>
  isoDateTime(scope.snapshot.settings.timezone, formatDate(scope.today), scope.today, scope.nowMinutes);

export class ExplanationRecorder {
  constructor(
    private readonly scope: RequestScope,
    private readonly counters: CounterBook,
    private readonly search: PathDateSearch,
    /** how many ranks the answer lists: layout A `maxAlternativePaths`, layout B 1 */
    private readonly listedRanks: number,
  ) {}

  pathRecorder(origin: NodeModel, start: DayNumber): PathRecorder {
    const cutoffTime = origin.pickingCutoffTime;
    return new PathRecorder({
      counters: this.counters,
      windowClosedByTime: (startMinutes, date) => this.search.closedByTime(startMinutes, date),
      calendarOnly: this.scope.calendarOnly,
      cutoffPassed:
        start > this.scope.purchase && cutoffTime !== null
          ? { on: this.scope.purchase, state: { cutoffTime, comparedWith: businessInstant(this.scope) } }
          : null,
    });
  }

  group(
    evaluation: GroupEvaluation,
    recorded: readonly RecordedPath[],
    dispatchType: DispatchType,
  ): GroupExplanation {
    const { spec, error, ranked } = evaluation;
    const promise = groupPromise(evaluation);
    const rankOf = new Map(ranked.map((listed, index) => [listed, index]));
    const paths = recorded.map(({ evaluation: result, recorder }): PathExplanation => {
      const path = result.listed === undefined ? result.failure.path : result.listed.path;
      const rankIndex = result.listed === undefined ? -1 : (rankOf.get(result.listed) ?? -1);
      return {
        route: path.code,
        legs: path.legs.map((leg) => ({
          route: leg.code,
          source: leg.source.code,
          target: leg.targetCode,
          leadTimeDays: leg.leadTimeDays,
        })),
        ...recorder.searchesOf(),
        ...recorder.filteredOf(),
        deliveryDates: result.listed?.deliveryDates.map(formatDate) ?? [],
        failure:
          result.failure === undefined
            ? null
            : { errorCode: result.failure.errorCode, description: result.failure.description },
        rank: rankIndex < 0 ? null : rankIndex + 1,
        rankKey:
          result.listed === undefined
            ? null
            : {
                firstDeliveryDate: formatDate(result.listed.deliveryDates[0]),
                prioritySum: path.prioritySum,
                legCount: path.legs.length,
                route: path.code,
              },
        chosen: rankIndex === 0,
        listed: rankIndex >= 0 && rankIndex < this.listedRanks,
      };
    });
    return {
      origin: spec.originCode,
      dispatchMode: spec.mode,
      dispatchType,
      destination: spec.destination?.code ?? null,
      items: spec.items.map((item) => item.index),
      units: evaluation.units,
      wholesaleAdditionalDays: evaluation.extraDays,
      stockProblems: error?.code === 'STOCK_ERROR' ? error.details : [],
      paths,
      chosenRoute: ranked.length > 0 ? ranked[0].path.code : null,
      validUntil: null, // the layout fills it in: it depends on the placement too (answer-validity.ts)
      ...(promise === null
        ? {}
        : { promiseConfidence: { confidence: spec.confidence, ...promiseConfidenceOf(promise) } }),
    };
  }
}
