import { Inject, Injectable, PipeTransform } from '@nestjs/common';
import type { Clock } from '@delivery/capacity-domain';
import { OutcomeEventsValidator, type OutcomeEventsMessage } from '@delivery/contracts';
import { validationError } from '@delivery/platform';
import { CLOCK } from '../snapshot';
import { OUTCOME_SETTINGS, type OutcomeSettings } from '@delivery/outcome-recording';

export const INVALID_OUTCOME_EVENTS = 'The outcome events are invalid';

/** The body of `POST {base}/delivery/outcomes`, checked by the same validator as a broker message. */
@Injectable()
export class OutcomeEventsPipe implements PipeTransform<unknown, OutcomeEventsMessage> {
  private readonly validator: OutcomeEventsValidator;

  constructor(
    @Inject(OUTCOME_SETTINGS) settings: OutcomeSettings,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.validator = new OutcomeEventsValidator({ clockSkewMs: settings.clockSkewMs });
  }

  transform(body: unknown): OutcomeEventsMessage {
    const check = this.validator.check(body, this.clock.now());
    if (!check.ok) throw validationError(check.problems, INVALID_OUTCOME_EVENTS);
    return check.message;
  }
}
