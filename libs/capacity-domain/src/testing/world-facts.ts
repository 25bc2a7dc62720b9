/**
 * Facts read straight from a random world's document and usage rows, independently of the engine: what the
 * property and invariant tests compare the engine's answers with.
 */
import type { CounterUsageRow } from '../request/calculation-data.types';

type Fields = Record<string, unknown>;
const CODES = ['DOM', 'LUN', 'MAR', 'MIE', 'JUE', 'VIE', 'SAB'];
const DAY_MS = 86_400_000;

/** Capacity from the document itself (override for the date, else the default); null is unlimited. */
export function capacityOf(document: Fields, scope: string, ref: string, date: string): number | null {
  const override = (document.capacityOverrides as Fields[]).find(
    (o) => o.scope === scope && o.ref === ref && o.date === date,
  );
  if (override !== undefined) return override.capacity as number | null;
  if (scope === 'PICKING')
    return ((document.nodes as Fields[]).find((n) => n.code === ref)?.pickingCapacity ?? null) as
      number | null;
  const [routeCode, windowCode] = ref.split(':');
  const route = (document.routes as Fields[]).find((r) => r.code === routeCode) as Fields;
  if (scope === 'DISPATCH') return (route.dispatchCapacity ?? null) as number | null;
  return ((route.deliveryWindows as Fields[]).find((w) => w.code === windowCode)?.capacity ?? null) as
    number | null;
}

export const usedOf = (usage: readonly CounterUsageRow[], scope: string, ref: string, date: string): number =>
  usage.find((row) => row.scope === scope && row.ref === ref && row.date === date)?.used ?? 0;

export const weekdayCodeOf = (date: string): string => CODES[new Date(`${date}T00:00:00Z`).getUTCDay()];

export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

export const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

export const nodeOf = (document: Fields, code: string): Fields | undefined =>
  (document.nodes as Fields[]).find((n) => n.code === code);

export const routeOf = (document: Fields, code: string): Fields | undefined =>
  (document.routes as Fields[]).find((r) => r.code === code);
