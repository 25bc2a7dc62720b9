import { Inject, Injectable } from '@nestjs/common';
import {
  businessDate,
  suggestLeadTimeChange,
  type Clock,
  type LeadTimeSuggestion,
} from '@delivery/capacity-domain';
import type { LeadTimeSuggestionsQuery } from '@delivery/contracts';
import { validationError } from '@delivery/platform';
import { ActiveConfiguration, CLOCK } from '../snapshot';
import { OUTCOME_SETTINGS, type OutcomeSettings } from '@delivery/outcome-recording';
import { accuracyRange } from './accuracy-range';
import { PROMISE_ACCURACY, type PromiseAccuracyReader } from './promise-accuracy.port';

export const INVALID_SUGGESTIONS_QUERY = 'The suggestions query is invalid';
export const DEFAULT_TARGET = 0.95;
export const SUGGESTION_MIN_DELIVERIES = Symbol('SUGGESTION_MIN_DELIVERIES');

export interface LaneSuggestion extends LeadTimeSuggestion {
  route: string;
  /** the configuration route whose lead time changes: the last leg of the lane */
  leg: string;
  leadTimeDays: number;
}

export interface LeadTimeSuggestions {
  from: string;
  to: string;
  target: number;
  minDeliveries: number;
  suggestions: LaneSuggestion[];
  withoutSuggestion: string[];
}

/**
 * `GET {base}/delivery/accuracy/suggestions` (docs/accuracy.md): per lane with enough deliveries in the range, the
 * smallest lead-time change of its last leg at which they would have met the target (the domain's rule), against
 * the active configuration's lead time. Nothing is applied: the changes go to the preview.
 */
@Injectable()
export class GetLeadTimeSuggestionsUseCase {
  constructor(
    @Inject(PROMISE_ACCURACY) private readonly reader: PromiseAccuracyReader,
    @Inject(OUTCOME_SETTINGS) private readonly settings: OutcomeSettings,
    @Inject(SUGGESTION_MIN_DELIVERIES) private readonly minDeliveries: number,
    private readonly active: ActiveConfiguration,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(query: LeadTimeSuggestionsQuery): Promise<LeadTimeSuggestions> {
    const range = accuracyRange(query, businessDate(this.settings.timeZone, this.clock.now()));
    if ('problem' in range) throw validationError([range.problem], INVALID_SUGGESTIONS_QUERY);
    const { from, to } = range;
    const target = query.target ?? DEFAULT_TARGET;
    const routes = new Map(
      this.active.get().snapshot.routes.map((route) => [route.code, route.leadTimeDays]),
    );
    const suggestions: LaneSuggestion[] = [];
    const withoutSuggestion: string[] = [];
    for (const { route, delays } of await this.reader.delays(from, to)) {
      if (delays.reduce((sum, { count }) => sum + count, 0) < this.minDeliveries) continue;
      const leg = route.split(' > ').at(-1) ?? route;
      const leadTimeDays = routes.get(leg);
      const suggestion =
        leadTimeDays === undefined ? null : suggestLeadTimeChange(delays, target, leadTimeDays);
      if (suggestion === null || leadTimeDays === undefined) withoutSuggestion.push(route);
      else if (suggestion.changeDays !== 0) suggestions.push({ route, leg, leadTimeDays, ...suggestion });
    }
    suggestions.sort((a, b) => b.changeDays - a.changeDays || (a.route < b.route ? -1 : 1));
    return { from, to, target, minDeliveries: this.minDeliveries, suggestions, withoutSuggestion };
  }
}
