/**
 * Collects the explanation during the calculation itself: one `PathRecorder` per evaluated path, then the group's
 * ranks read from the very `ranked` list the answer is built from, so the explanation cannot disagree with it.
 */
import { DayNumber, formatDate } from '../calendar/calendar';
import type { CounterBook } from './capacity-counters';
import type { GroupExplanation, PathExplanation, PlacementExplanation } from './explanation.types';
import type { GroupEvaluation } from './group-evaluation.types';
import type { PathDateSearch, PathEvaluation } from './path-dates.calculator';
import { PathRecorder } from './path.recorder';
import type { RequestScope } from './request-scope';

export interface RecordedPath {
  readonly evaluation: PathEvaluation;
  readonly recorder: PathRecorder;
}

/** What `explain` hands to a layout: filled while it calculates. */
export interface ExplanationSink {
  placement: PlacementExplanation | null;
  groups: GroupExplanation[];
}

export class ExplanationRecorder {
  constructor(
    private readonly scope: RequestScope,
    private readonly counters: CounterBook,
    private readonly search: PathDateSearch,
  ) {}

  pathRecorder(start: DayNumber): PathRecorder {
    return new PathRecorder(
      this.counters,
      (startMinutes, date) => this.search.closedByTime(startMinutes, date),
      start > this.scope.purchase ? this.scope.purchase : null,
    );
  }

  group(evaluation: GroupEvaluation, recorded: readonly RecordedPath[]): GroupExplanation {
    const { spec, error, ranked } = evaluation;
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
      };
    });
    return {
      origin: spec.originCode,
      dispatchMode: spec.mode,
      destination: spec.destination?.code ?? null,
      units: evaluation.units,
      wholesaleAdditionalDays: evaluation.extraDays,
      stockProblems: error?.code === 'STOCK_ERROR' ? error.details : [],
      paths,
      chosenRoute: ranked.length > 0 ? ranked[0].path.code : null,
    };
  }
}
