/**
 * Headers this library writes. They survive retries and dead-lettering, so a message in the dead-letter queue
 * says where it came from, how often it failed and why.
 */
export const MessageHeaders = {
  /** Failed attempts recorded by `retry` (0 or absent on the first publish). */
  attempt: 'x-attempt',
  /** The original routing key, because retries and dead letters are routed by queue name. */
  pattern: 'x-pattern',
  originalExchange: 'x-original-exchange',
  /** Reason of the latest failure. */
  lastError: 'x-last-error',
  deadLetterReason: 'x-dead-letter-reason',
  deadLetteredAt: 'x-dead-lettered-at',
  deadLetterSourceQueue: 'x-dead-letter-source-queue',
} as const;

/** Set by quorum queues on redelivery (consumer crashed, channel closed, nack with requeue). */
export const DELIVERY_COUNT_HEADER = 'x-delivery-count';

/** Headers owned by the broker; they are not copied when a message is republished. */
const BROKER_HEADERS = [
  DELIVERY_COUNT_HEADER,
  'x-death',
  'x-first-death-exchange',
  'x-first-death-queue',
  'x-first-death-reason',
];
const BROKER_HEADER_PREFIXES = ['x-last-death-'];

export function headerInt(headers: Readonly<Record<string, unknown>>, name: string): number {
  const value = headers[name];
  const parsed = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isInteger(parsed) && parsed > 0 ? parsed : 0;
}

export function headerString(headers: Readonly<Record<string, unknown>>, name: string): string | undefined {
  const value = headers[name];
  if (typeof value === 'string') return value;
  if (Buffer.isBuffer(value)) return value.toString('utf8');
  return undefined;
}

/** Failed attempts before this delivery: retries we recorded plus redeliveries the broker counted. */
export function attemptsOf(headers: Readonly<Record<string, unknown>>): number {
  return headerInt(headers, MessageHeaders.attempt) + headerInt(headers, DELIVERY_COUNT_HEADER);
}

export function withoutBrokerHeaders(headers: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (BROKER_HEADERS.includes(name) || BROKER_HEADER_PREFIXES.some((prefix) => name.startsWith(prefix)))
      continue;
    copy[name] = value;
  }
  return copy;
}
