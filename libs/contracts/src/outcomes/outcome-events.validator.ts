import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { outcomeEventsSchema, type OutcomeEventsMessage } from './outcome-event.schema';

export interface OutcomeEventProblem {
  /** `events[3].occurredAt` */
  readonly field: string;
  readonly message: string;
}

export type OutcomeEventsCheck =
  { ok: true; message: OutcomeEventsMessage } | { ok: false; problems: OutcomeEventProblem[] };

const MAX_PROBLEMS = 20;

/**
 * The check of a batch of outcome events, on the broker and over HTTP alike: the schema, then what a schema does
 * not say (an instant that is not a real one, a failed attempt without its reason). Every problem is named by
 * its field, up to 20.
 */
export class OutcomeEventsValidator {
  private readonly schema: ValidateFunction<OutcomeEventsMessage>;

  constructor() {
    const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
    this.schema = ajv.compile<OutcomeEventsMessage>(outcomeEventsSchema);
  }

  check(body: unknown): OutcomeEventsCheck {
    if (!this.schema(body))
      return { ok: false, problems: (this.schema.errors ?? []).map(problemOf).slice(0, MAX_PROBLEMS) };
    const problems: OutcomeEventProblem[] = [];
    body.events.forEach((event, index) => {
      if (Number.isNaN(Date.parse(event.occurredAt)))
        problems.push({ field: `events[${index}].occurredAt`, message: 'must be a real instant' });
      if (event.type === 'DELIVERY_FAILED' && event.reason === undefined)
        problems.push({ field: `events[${index}].reason`, message: 'is required for DELIVERY_FAILED' });
    });
    return problems.length > 0
      ? { ok: false, problems: problems.slice(0, MAX_PROBLEMS) }
      : { ok: true, message: body };
  }

  /** The problems in one line: a dead letter's reason. */
  static describe(problems: readonly OutcomeEventProblem[]): string {
    return problems.map((problem) => `${problem.field}: ${problem.message}`).join('; ');
  }
}

function problemOf(error: ErrorObject): OutcomeEventProblem {
  const field = error.instancePath
    .split('/')
    .slice(1)
    .map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part}`))
    .join('')
    .replace(/^\./, '');
  if (error.keyword === 'additionalProperties') {
    const extra = (error.params as { additionalProperty: string }).additionalProperty;
    return { field: field ? `${field}.${extra}` : extra, message: 'is not a known property' };
  }
  if (error.keyword === 'required') {
    const missing = (error.params as { missingProperty: string }).missingProperty;
    return { field: field ? `${field}.${missing}` : missing, message: 'is required' };
  }
  if (error.keyword === 'enum') {
    const allowed = (error.params as { allowedValues: string[] }).allowedValues;
    return { field: field || 'body', message: `must be one of ${allowed.join(', ')}` };
  }
  return { field: field || 'body', message: error.message ?? 'is invalid' };
}
