import type { FromSchema } from '../products/json-schema.types';

/**
 * What happened to a promised order, from whoever ships it (docs/api.md, "Outcome events"), version 1: the same
 * body on the broker (exchange `delivery-outcomes`, routing key `delivery.outcome`) and on
 * `POST {base}/delivery/outcomes`. An event names the reservation and which of its selections (0 for the first:
 * an order from two origins holds two promises), what happened and when, with its offset. The same event twice
 * (same reservation, selection, type and instant) counts once.
 */
export const OUTCOME_EVENTS_SCHEMA_VERSION = 1;
export const MAX_OUTCOME_EVENTS = 1000;
export const OUTCOME_EVENT_TYPE_VALUES = [
  'PICKED',
  'DISPATCHED',
  'DELIVERED',
  'DELIVERY_FAILED',
  'CANCELLED',
] as const;

/** An instant with its offset: `2026-03-10T15:04:05-05:00`, `2026-03-10T20:04:05.250Z`. */
export const INSTANT_PATTERN =
  '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:\\d{2})$';

export const outcomeEventSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['reservationIdentifier', 'selection', 'type', 'occurredAt'],
  properties: {
    reservationIdentifier: { type: 'string', minLength: 1, maxLength: 100 },
    selection: { type: 'integer', minimum: 0, maximum: 99 },
    type: { enum: OUTCOME_EVENT_TYPE_VALUES },
    occurredAt: { type: 'string', pattern: INSTANT_PATTERN },
    /** why an attempt failed; required with DELIVERY_FAILED */
    reason: { type: 'string', minLength: 1, maxLength: 500 },
  },
} as const;

export const outcomeEventsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['events'],
  properties: {
    schemaVersion: { enum: [OUTCOME_EVENTS_SCHEMA_VERSION] },
    events: { type: 'array', minItems: 1, maxItems: MAX_OUTCOME_EVENTS, items: outcomeEventSchema },
  },
} as const;

export type OutcomeEventMessage = FromSchema<typeof outcomeEventSchema>;
export type OutcomeEventsMessage = FromSchema<typeof outcomeEventsSchema>;
