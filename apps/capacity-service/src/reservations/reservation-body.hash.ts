/**
 * R2.4: what makes two reservation bodies "the same". The hash covers everything but the identifier (the key it is
 * stored under), in a canonical form: object keys sorted, `null` dropped (it counts as absent, E9), arrays in
 * order, and `holdMinutes` at its effective value — so `{"holdMinutes": 15}`, `{"holdMinutes": null}` and no
 * `holdMinutes` are one body, and key order or whitespace never matter.
 */
import { createHash } from 'node:crypto';
import type { CalculateDeliveryCapacityRequest, ReservationSelection } from '@delivery/capacity-domain';

/** What the hash covers of a hold's command. */
export interface ReservationBody {
  readonly request: CalculateDeliveryCapacityRequest;
  readonly selections: readonly ReservationSelection[];
  readonly holdMinutes: number;
}

export function reservationBodyHash({ request, selections, holdMinutes }: ReservationBody): string {
  const canonical = canonicalJson({ request, selections, holdMinutes });
  return createHash('sha256').update(canonical).digest('hex');
}

/** JSON text with sorted keys and without null or undefined members (values are validated bodies: no cycles). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const members = Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] != null)
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}
