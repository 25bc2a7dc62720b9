import type { FromSchema } from '../products/json-schema.types';
import { STORABLE_TEXT_PATTERN } from '../products/product.schema';

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

export const outcomeEventSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['reservationIdentifier', 'selection', 'type', 'occurredAt'],
  properties: {
    reservationIdentifier: { type: 'string', minLength: 1, maxLength: 100, pattern: STORABLE_TEXT_PATTERN },
    selection: { type: 'integer', minimum: 0, maximum: 99 },
    type: { enum: OUTCOME_EVENT_TYPE_VALUES },
    /** an instant with its offset (instant.parser.ts): `2026-03-10T15:04:05-05:00`, `2026-03-10T20:04:05.250Z` */
    occurredAt: {
      type: 'string',
      description:
        'When it happened: an instant with Z or its offset (2026-03-10T15:04:05-05:00), a real date and time ' +
        'from 1970 to 9999, not later than now plus the clock-skew tolerance (5 minutes unless configured)',
    },
    /** why an attempt failed; required with DELIVERY_FAILED */
    reason: { type: 'string', minLength: 1, maxLength: 500, pattern: STORABLE_TEXT_PATTERN },
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
