import { Injectable, PipeTransform } from '@nestjs/common';
import { OutcomeEventsValidator, type OutcomeEventsMessage } from '@delivery/contracts';
import { validationError } from '@delivery/platform';

export const INVALID_OUTCOME_EVENTS = 'The outcome events are invalid';

/** The body of `POST {base}/delivery/outcomes`, checked by the same validator as a broker message. */
@Injectable()
export class OutcomeEventsPipe implements PipeTransform<unknown, OutcomeEventsMessage> {
  private readonly validator = new OutcomeEventsValidator();

  transform(body: unknown): OutcomeEventsMessage {
    const check = this.validator.check(body);
    if (!check.ok) throw validationError(check.problems, INVALID_OUTCOME_EVENTS);
    return check.message;
  }
}
