import { Controller, Inject, UseFilters } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { OUTCOME_TOPOLOGY_DEFAULTS } from '@delivery/capacity-data-access';
import type { Clock } from '@delivery/capacity-domain';
import { OutcomeEventsValidator } from '@delivery/contracts';
import { MessageContext, MessageErrorPassthroughFilter, PermanentMessageError } from '@delivery/messaging';
import { LogContext } from '@delivery/platform';
import {
  OUTCOME_CLOCK,
  OUTCOME_SETTINGS,
  OutcomeMetrics,
  RecordOutcomeEventsUseCase,
  type OutcomeSettings,
} from '@delivery/outcome-recording';

/**
 * `delivery.outcome` messages of `delivery-outcomes.events`: the same body as `POST {base}/delivery/outcomes`,
 * validated again (a queue message is input like any other). An invalid one can never succeed: it is
 * dead-lettered at once with its problems as the reason, nothing of it stored. A valid one is stored in one
 * transaction and acked after the commit; a failure (the database away) is retried with back-off.
 */
@Controller()
@UseFilters(MessageErrorPassthroughFilter)
export class OutcomeEventsConsumer {
  private readonly validator: OutcomeEventsValidator;

  constructor(
    private readonly record: RecordOutcomeEventsUseCase,
    private readonly metrics: OutcomeMetrics,
    private readonly logContext: LogContext,
    @Inject(OUTCOME_SETTINGS) settings: OutcomeSettings,
    @Inject(OUTCOME_CLOCK) private readonly clock: Clock,
  ) {
    this.validator = new OutcomeEventsValidator({ clockSkewMs: settings.clockSkewMs });
  }

  @EventPattern<string>(OUTCOME_TOPOLOGY_DEFAULTS.routingKey)
  async handle(@Payload() body: unknown, @Ctx() context: MessageContext): Promise<void> {
    const check = this.validator.check(body, this.clock.now());
    if (!check.ok) {
      this.metrics.record('broker', 'invalid', 1);
      throw new PermanentMessageError(
        `invalid outcome events: ${OutcomeEventsValidator.describe(check.problems)}`,
      );
    }
    const fields = { messageId: context.getMessage().messageId };
    await this.logContext.run(fields, () => this.record.execute(check.message, 'broker'));
  }
}
