import Ajv, { type ValidateFunction } from 'ajv';
import { INSTANT_PROBLEM, parseInstant } from '../instant.parser';
import { STORABLE_TEXT_PATTERN } from '../products/product.schema';
import { childField, NOT_STORABLE, schemaProblem, type FieldProblem } from '../validation.vocabulary';
import { outcomeEventsSchema, type OutcomeEventsMessage } from './outcome-event.schema';

export type OutcomeEventProblem = FieldProblem;

export type OutcomeEventsCheck =
  { ok: true; message: OutcomeEventsMessage } | { ok: false; problems: OutcomeEventProblem[] };

const MAX_PROBLEMS = 20;
/** The clock-skew tolerance when none is configured: an event may be dated up to 5 minutes after now. */
export const DEFAULT_OUTCOME_CLOCK_SKEW_MS = 300_000;

export interface OutcomeEventsValidatorOptions {
  /** how far after now an event's `occurredAt` may be (the sender's clock may run ahead) */
  readonly clockSkewMs?: number;
}

/**
 * The check of a batch of outcome events, on the broker and over HTTP alike: the schema, then what a schema does
 * not say (an instant that is not a real one or is later than now plus the clock-skew tolerance, a failed attempt
 * without its reason). Every problem is named by its field (the schema's first), up to 20.
 */
export class OutcomeEventsValidator {
  private readonly schema: ValidateFunction<OutcomeEventsMessage>;
  private readonly clockSkewMs: number;

  constructor(options: OutcomeEventsValidatorOptions = {}) {
    const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true, messages: false });
    this.schema = ajv.compile<OutcomeEventsMessage>(outcomeEventsSchema);
    this.clockSkewMs = options.clockSkewMs ?? DEFAULT_OUTCOME_CLOCK_SKEW_MS;
  }

  /** `body` checked at the instant `now` (events dated after now plus the tolerance are refused). */
  check(body: unknown, now: Date): OutcomeEventsCheck {
    const valid = this.schema(body);
    const problems = valid
      ? []
      : (this.schema.errors ?? []).map((error) =>
          schemaProblem(error, { [STORABLE_TEXT_PATTERN]: NOT_STORABLE }),
        );
    const events = (body as { events?: unknown } | null)?.events;
    if (Array.isArray(events)) {
      const latest = now.getTime() + this.clockSkewMs;
      events.forEach((event: unknown, index) => problems.push(...eventProblems(event, index, latest)));
    }
    if (valid && problems.length === 0) return { ok: true, message: body };
    return { ok: false, problems: problems.slice(0, MAX_PROBLEMS) };
  }

  /** The problems in one line: a dead letter's reason. */
  static describe(problems: readonly OutcomeEventProblem[]): string {
    return problems.map((problem) => `${problem.field || 'body'}: ${problem.message}`).join('; ');
  }
}

/** What the schema cannot say of one event (nothing when it is not an object: the schema said so). */
function eventProblems(event: unknown, index: number, latest: number): OutcomeEventProblem[] {
  if (typeof event !== 'object' || event === null || Array.isArray(event)) return [];
  const { occurredAt, type, reason } = event as Record<string, unknown>;
  const field = (name: string) => childField(childField('events', index), name);
  const problems: OutcomeEventProblem[] = [];
  if (typeof occurredAt === 'string') {
    const instant = parseInstant(occurredAt);
    if (instant === null) problems.push({ field: field('occurredAt'), message: INSTANT_PROBLEM });
    else if (instant > latest)
      problems.push({ field: field('occurredAt'), message: 'must not be later than now' });
  }
  if (type === 'DELIVERY_FAILED' && reason === undefined)
    problems.push({ field: field('reason'), message: 'is required for DELIVERY_FAILED' });
  return problems;
}
