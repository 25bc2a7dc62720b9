/**
 * The text the usage statement packs its rows into, and how it is read back: both halves of each format here, so
 * that what Postgres writes and what the reader expects cannot drift apart (`packed-usage-rows.int-spec.ts` sends
 * rows through both). A national network's week is tens of thousands of counter-days and a first read of a peak's
 * holds tens of megabytes: one text per kind costs less to carry and parse than as many rows. Both are read a line at
 * a time with the event loop turning every few milliseconds.
 */
import { parseDate, type CounterScope, type CounterTake, type UsedUnitsRow } from '@delivery/capacity-domain';
import type { ReservationTake } from '@delivery/capacity-domain';
import { eventLoopPacer } from '@delivery/persistence';

/**
 * Counter-days (columns `scope`, `ref`, `date`, `used`) as lines `scope ref day used`: the day as days since
 * 1970-01-01 (maybe negative), `used` an integer; codes have no spaces. NULL when there are none.
 */
export const PACKED_COUNTER_DAYS = `string_agg(scope || ' ' || ref || ' ' || (date - DATE '1970-01-01') || ' ' || used, E'\\n')`;

/**
 * Reservations (columns `identifier`, `status`, `taken`) as JSON lines `[identifier, held, taken]` (JSON text never
 * holds a raw line break). NULL when there are none.
 */
export const PACKED_RESERVATIONS = `string_agg(jsonb_build_array(identifier, status = 'HELD', taken)::text, E'\\n')`;

/** A scope by its first letter, the one interned string of each. */
const SCOPES: Readonly<Record<number, CounterScope>> = {
  [charCode('P')]: 'PICKING',
  [charCode('D')]: 'DISPATCH',
  [charCode('W')]: 'WINDOW',
};
const MINUS = charCode('-');
const ZERO = charCode('0');

function charCode(character: string): number {
  return character.charCodeAt(0);
}

/** The decimal integer of text[from, to), maybe negative. */
function integer(text: string, from: number, to: number): number {
  if (text.charCodeAt(from) === MINUS) return -integer(text, from + 1, to);
  let value = 0;
  for (let i = from; i < to; i++) value = value * 10 + text.charCodeAt(i) - ZERO;
  return value;
}

/** Calls `line` with the [start, end) of each line of `text`, pausing when the pacer says so. */
async function eachLine(text: string, line: (start: number, end: number) => void): Promise<void> {
  const pacer = eventLoopPacer();
  for (let start = 0; start < text.length;) {
    if (pacer.due()) await pacer.pause();
    const lineEnd = text.indexOf('\n', start);
    const end = lineEnd === -1 ? text.length : lineEnd;
    line(start, end);
    start = end + 1;
  }
}

/** `PACKED_COUNTER_DAYS` read back: the fields found by position rather than split (one string per line, the ref). */
export async function unpackCounterDays(packed: string | null): Promise<UsedUnitsRow[]> {
  const rows: UsedUnitsRow[] = [];
  if (packed === null) return rows;
  await eachLine(packed, (start, end) => {
    const scopeEnd = packed.indexOf(' ', start);
    const refEnd = packed.indexOf(' ', scopeEnd + 1);
    const dayEnd = packed.indexOf(' ', refEnd + 1);
    rows.push({
      scope: SCOPES[packed.charCodeAt(start)],
      ref: packed.slice(scopeEnd + 1, refEnd),
      day: integer(packed, refEnd + 1, dayEnd),
      used: integer(packed, dayEnd + 1, end),
    });
  });
  return rows;
}

/** `PACKED_RESERVATIONS` read back, each `taken` entry as the counter-day and its units. */
export async function unpackReservations(packed: string | null): Promise<ReservationTake[]> {
  const reservations: ReservationTake[] = [];
  if (packed === null) return reservations;
  await eachLine(packed, (start, end) => {
    const [identifier, held, taken] = JSON.parse(packed.slice(start, end)) as [
      string,
      boolean,
      CounterTake[],
    ];
    reservations.push({
      identifier,
      held,
      taken: taken.map(({ scope, ref, date, units }) => ({
        scope,
        ref,
        day: parseDate(date) as number,
        used: units,
      })),
    });
  });
  return reservations;
}
