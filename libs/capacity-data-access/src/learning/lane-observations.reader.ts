/**
 * What the lane model learns from (docs/learning.md, "Storage and refresh"): the recorded promises as observations of
 * the delay against their plan, counted per lane (route and zone), planned day, delay and whether the delay is only a
 * lower bound (an open promise past its planned day), by one statement over `delivery_promises`. The statement packs
 * each lane's observations into one text of integers: a million promises arrive as ten thousand rows, not as a
 * million, and are read back here a lane at a time through a cursor, the event loop turning every few milliseconds.
 */
import {
  laneKeyOf,
  parseDate,
  type LaneObservation,
  type LaneObservationGroup,
} from '@delivery/capacity-domain';
import { eachBatch, eventLoopPacer, type Sql } from '@delivery/persistence';

/**
 * Per lane, its observations as `age delay count` (space separated, one after the other): the age of the planned day
 * (today − the promised date less the buffer the promise was made with); the delay as delivered day − planned day,
 * or, for a promise still open after its planned day, its age (a lower bound: the count is then negative, so a
 * censored observation costs no more text). A promise is observed once its planned day is past, delivered or not:
 * counting the early deliveries of a day still to come, before its late ones can be seen, would make every lane
 * look earlier than it is. Cancelled promises, and open ones released with their reservation, are
 * not observed; a delivered one is, even when released afterwards (it was delivered). Only promises within the
 * outcome retention (promised on `$2` or later), on a route (a promise without legs has no lane). Small numbers
 * keep the text short: a million promises on 10,000 lanes are 800,000 observations in about 6 MB.
 *
 * Each lane's text comes with its digest (`md5` of its route, zone and text), and the statement hands `$3` (digests
 * separated by commas: the lanes this process has read before, kept parsed) back as they stand: a lane whose digest
 * is one of them is not sent at all; a digest of them no lane has any more comes alone (its lane changed or left).
 * After a thousand new outcomes, only the lanes they changed are sent and parsed.
 */
export const LANE_OBSERVATIONS = `
  WITH lanes AS MATERIALIZED (
    SELECT route, destination, size, observations,
      md5(concat_ws(E'\\n', route, destination, observations)) AS digest
    FROM (
      SELECT route, destination, count(*)::int AS size,
        string_agg(age || ' ' || delay || ' ' || CASE WHEN censored THEN -n ELSE n END, ' ' ORDER BY age, delay, censored)
          AS observations
      FROM (
        SELECT route, destination, $1::date - (promised_date - buffer_days) AS age,
          CASE WHEN state = 'DELIVERED' THEN delivered_date - (promised_date - buffer_days)
            ELSE $1::date - (promised_date - buffer_days) END AS delay,
          state <> 'DELIVERED' AS censored, count(*) AS n
        FROM delivery_promises
        WHERE route IS NOT NULL AND promised_date >= $2::date
          AND promised_date - buffer_days < $1::date
          AND (state = 'DELIVERED' OR (state = 'OPEN' AND NOT released))
        GROUP BY 1, 2, 3, 4, 5
      ) AS observed
      GROUP BY route, destination
    ) AS packed
  ),
  known AS (SELECT unnest(string_to_array($3::text, ',')) AS digest)
  SELECT route, destination, size, digest, observations FROM lanes
  WHERE NOT EXISTS (SELECT FROM known WHERE known.digest = lanes.digest)
  UNION ALL
  SELECT NULL, NULL, NULL, digest, NULL FROM known
  WHERE NOT EXISTS (SELECT FROM lanes WHERE lanes.digest = known.digest)`;

/**
 * For the aggregate only: no JIT (compiling its expressions costs more than it saves) and room to hash the
 * (lane, day, delay) groups in memory (~16 MB for a million promises on 10,000 lanes) rather than spill to disk.
 */
const AGGREGATE_SETTINGS = "SELECT set_config('jit', 'off', true), set_config('work_mem', '32MB', true)";

/** Lanes per fetch: a few hundred KB of packed observations. */
const LANES_PER_FETCH = 1000;

const SPACE = 32;
const MINUS = 45;
const ZERO = 48;

/**
 * The observations read, held compactly (three integers each, a group per lane and zone: what the domain builds a
 * model from), or handed out one object at a time each time they are iterated, so a million of them are never a
 * million live objects.
 */
export class LaneObservations implements Iterable<LaneObservation> {
  constructor(
    private readonly today: number,
    private readonly packed: readonly LaneObservationGroup[],
  ) {}

  /** The observations a lane (route and zone) at a time, as the domain builds a model from them. */
  get groups(): readonly LaneObservationGroup[] {
    return this.packed;
  }

  /** Lanes (route and zone) with at least one observation. */
  get lanes(): number {
    return this.packed.length;
  }

  /** Observations (lane, zone, planned day, delay, censored or not). */
  get size(): number {
    let total = 0;
    for (const { observations } of this.packed) total += observations.length / 3;
    return total;
  }

  /** Promises observed (the sum of the counts). */
  get promises(): number {
    let total = 0;
    for (const { observations } of this.packed)
      for (let i = 2; i < observations.length; i += 3) total += Math.abs(observations[i]);
    return total;
  }

  *[Symbol.iterator](): Iterator<LaneObservation> {
    const today = this.today;
    for (const { lane, lastLeg, zone, observations: values } of this.packed) {
      for (let i = 0; i < values.length; i += 3) {
        const count = values[i + 2];
        yield {
          lane,
          lastLeg,
          zone,
          plannedDay: today - values[i],
          delayDays: values[i + 1],
          censored: count < 0,
          count: count < 0 ? -count : count,
        };
      }
    }
  }
}

/** The `3 × size` integers of `text` (single spaces between them, maybe negative), in one pass. */
function integers(text: string, size: number): Int32Array {
  const values = new Int32Array(3 * size);
  let index = 0;
  let value = 0;
  let negative = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === SPACE) {
      values[index++] = negative ? -value : value;
      value = 0;
      negative = false;
    } else if (code === MINUS) negative = true;
    else value = value * 10 + code - ZERO;
  }
  values[index] = negative ? -value : value;
  return values;
}

/**
 * Reads the observations, keeping those of its last read by digest (see `LANE_OBSERVATIONS`): a lane read again is
 * neither sent nor parsed again, and is handed out as the same group. One reader per process, so whichever replica
 * refreshes reuses what it read itself; the observations handed out are never changed (the domain only reads them).
 */
export class LaneObservationsReader {
  private known = new Map<string, LaneObservationGroup>();

  /**
   * The observations as of `today` (business time zone), of the promises promised on `since` or later, read in the
   * transaction `sql` (a cursor lives in one).
   */
  async read(sql: Sql, today: string, since: string): Promise<LaneObservations> {
    await sql.query(AGGREGATE_SETTINGS);
    // changed in place: whatever a failed read left, each digest still stands for its lane's observations
    const read = this.known;
    const pacer = eventLoopPacer();
    await eachBatch<{
      route: string | null;
      destination: string | null;
      size: number | null;
      digest: string;
      observations: string | null;
    }>(
      sql,
      LANE_OBSERVATIONS,
      [today, since, Array.from(this.known.keys()).join(',')],
      async (rows) => {
        for (const { route, destination, size, digest, observations } of rows) {
          if (pacer.due()) await pacer.pause();
          if (route === null || destination === null || size === null || observations === null)
            read.delete(digest);
          else
            read.set(digest, {
              ...laneKeyOf(route.split(' > '), destination),
              observations: integers(observations, size),
            });
        }
      },
      { batch: LANES_PER_FETCH, readAhead: true },
    );
    return new LaneObservations(parseDate(today) as number, Array.from(read.values()));
  }
}
