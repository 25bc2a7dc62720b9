/**
 * The lane models in Postgres (docs/learning.md, "Storage and refresh"): `lane_models`, one row per version, the
 * model as the domain built it in `body` (without its version, which is the row's key). A model of a national network
 * is megabytes of JSON: it is written in parts and read back in batches of estimates, so neither is one string built
 * or parsed at once. The refresh's steps run in the transaction `refresh` opens, under its lock
 * (`LaneModelTransaction`); the use cases own their order.
 */
import type { LaneEstimateData, LaneModelData } from '@delivery/capacity-domain';
import { eachBatch, insertInParts, type Database, type Sql } from '@delivery/persistence';
import { LaneObservationsReader, type LaneObservations } from './lane-observations.reader';

/** One refresh at a time across processes (`pg_try_advisory_xact_lock`: the others pass). */
const REFRESH_LOCK = 7_201_000_003;

/** The estimates of a model, level by level: these are the body's large parts. */
const LEVELS = ['lanes', 'lastLegs', 'zones'] as const;
type Level = (typeof LEVELS)[number];

/** A stored version: its number, when it was built and the day that was "today" for it. */
export interface LaneModelVersion {
  version: number;
  builtAt: Date;
  today: string;
}

/** The newest model's version, day and the promise writes Postgres had counted when it read them. */
export interface LaneModelMark extends LaneModelVersion {
  outcomesMark: string;
}

const VERSION_COLUMNS = `version::float8 AS version, built_at AS "builtAt", to_char(today, 'YYYY-MM-DD') AS today`;

/** The body without its estimates (settings, instants, the network's estimate). */
const HEAD = `SELECT version::float8 AS version, body - 'lanes' - 'lastLegs' - 'zones' AS head
  FROM lane_models WHERE version = $1`;

/** Each estimate of the body, level by level. */
const ESTIMATES = `
  SELECT l.level, e.key, e.value
  FROM lane_models m, unnest(ARRAY['lanes', 'lastLegs', 'zones']) AS l(level), jsonb_each(m.body -> l.level) AS e
  WHERE m.version = $1`;

/** Estimates per fetch and per part written: a few hundred KB of JSON. */
const ESTIMATES_PER_BATCH = 1000;

/**
 * Where the writes of `delivery_promises` stand, as `<file>/<rows>`: the rows written to it (inserted, updated,
 * deleted) as Postgres counts them for the table, and its file, which a `TRUNCATE` replaces (it counts no row). Every
 * writer moves it, whichever release or hand it is, at no cost to the writer, and only once its transaction has ended
 * (the counts of a transaction are reported after it). Read before the observations, it never counts a write the
 * observations miss: a write committed later is counted later, and the next refresh sees the difference.
 */
const OUTCOMES_MARK = `
  SELECT pg_relation_filenode('delivery_promises') || '/' || coalesce(
    (SELECT n_tup_ins + n_tup_upd + n_tup_del FROM pg_stat_user_tables WHERE relid = 'delivery_promises'::regclass),
    0) AS mark`;

/** An estimate as stored by a release before pooling moved to the lookup: its F already pooled. */
type PooledEstimate = Omit<LaneEstimateData, 'weight' | 'ownByDelay'> & { onTimeByDelay: readonly number[] };

/** A stored estimate as the domain reads it: one stored pooled keeps its F, with no weight to pool it again. */
function estimateOf(stored: LaneEstimateData | PooledEstimate): LaneEstimateData {
  if (!('onTimeByDelay' in stored)) return stored;
  const { onTimeByDelay, ...rest } = stored;
  return { ...rest, weight: null, ownByDelay: onTimeByDelay };
}

/**
 * The estimates of version `$1` that differ from version `$2`'s (with their value), and those of `$2` that `$1`
 * no longer has (without): each level's object taken out of each body once, then compared key by key.
 */
const CHANGED_ESTIMATES = `
  WITH wanted AS MATERIALIZED (
    SELECT l.level, m.body -> l.level AS estimates
    FROM lane_models m, unnest(ARRAY['lanes', 'lastLegs', 'zones']) AS l(level) WHERE m.version = $1),
  held AS MATERIALIZED (
    SELECT l.level, h.body -> l.level AS estimates
    FROM lane_models h, unnest(ARRAY['lanes', 'lastLegs', 'zones']) AS l(level) WHERE h.version = $2)
  SELECT w.level, e.key, e.value
  FROM wanted w JOIN held h USING (level), jsonb_each(w.estimates) AS e
  WHERE h.estimates -> e.key IS DISTINCT FROM e.value
  UNION ALL
  SELECT h.level, k.key, NULL
  FROM held h JOIN wanted w USING (level), jsonb_object_keys(h.estimates) AS k(key)
  WHERE NOT w.estimates ? k.key`;

/**
 * Model `version`; with `held` (a stored model the caller holds), only the estimates that differ from `held`'s are
 * read, the others are `held`'s own.
 */
async function readModel(
  sql: Sql,
  version: number,
  held: LaneModelData | null = null,
): Promise<LaneModelData | null> {
  const [row] = await sql.query<{ version: number; head: Omit<LaneModelData, 'version' | Level> }>(HEAD, [
    version,
  ]);
  if (row === undefined) return null;
  const from =
    held !== null &&
    held.version !== version &&
    (
      await sql.query<{ stored: boolean }>(
        'SELECT EXISTS (SELECT FROM lane_models WHERE version = $1) AS stored',
        [held.version],
      )
    )[0].stored
      ? held
      : null;
  const estimates: Record<Level, Record<string, LaneEstimateData>> = from === null
    ? { lanes: {}, lastLegs: {}, zones: {} }
    : { lanes: { ...from.lanes }, lastLegs: { ...from.lastLegs }, zones: { ...from.zones } };
  await eachBatch<{ level: Level; key: string; value: LaneEstimateData | PooledEstimate | null }>(
    sql,
    from === null ? ESTIMATES : CHANGED_ESTIMATES,
    from === null ? [version] : [version, from.version],
    (rows) => {
      for (const { level, key, value } of rows)
        if (value === null) delete estimates[level][key];
        else estimates[level][key] = estimateOf(value);
    },
    { batch: ESTIMATES_PER_BATCH },
  );
  const { network } = row.head;
  return {
    ...row.head,
    network: network === null ? null : estimateOf(network),
    version: row.version,
    ...estimates,
  };
}

/** The steps of a refresh, in the transaction `LaneModelRepository.refresh` opened while it holds the lock. */
export class LaneModelTransaction {
  constructor(
    private readonly sql: Sql,
    private readonly observationsReader: LaneObservationsReader,
  ) {}

  /** The newest stored model's version, day and outcomes mark; null before the first. */
  async newest(): Promise<LaneModelMark | null> {
    const [row] = await this.sql.query<LaneModelMark>(
      `SELECT ${VERSION_COLUMNS}, outcomes_mark AS "outcomesMark"
       FROM lane_models ORDER BY version DESC LIMIT 1`,
    );
    return row ?? null;
  }

  /** The rows written to `delivery_promises` so far, as Postgres counted them (read before the observations). */
  async outcomesMark(): Promise<string> {
    const [row] = await this.sql.query<{ mark: string }>(OUTCOMES_MARK);
    return row.mark;
  }

  /** The observations as of `today`, of the promises promised on `since` or later (lane-observations.reader.ts). */
  observations(today: string, since: string): Promise<LaneObservations> {
    return this.observationsReader.read(this.sql, today, since);
  }

  /** Model `version`, or null. */
  model(version: number): Promise<LaneModelData | null> {
    return readModel(this.sql, version);
  }

  /** The number the next model takes. */
  async nextVersion(): Promise<number> {
    const [row] = await this.sql.query<{ version: number }>(
      "SELECT nextval('lane_models_version')::float8 AS version",
    );
    return row.version;
  }

  /**
   * Stores `model` under its version, with the outcomes mark read before its observations. `previous`: the stored
   * model it was built against (null for none): its estimates that `model` holds as they are (the same objects: the
   * builder hands them on) are not sent again, Postgres takes them from `previous`'s body; those it changed go to a
   * table of this transaction in parts, and the body is put together by Postgres.
   */
  async insert(model: LaneModelData, outcomesMark: string, previous: LaneModelData | null): Promise<void> {
    const { version, lanes, lastLegs, zones, ...head } = model;
    await this.sql.query(
      'CREATE TEMPORARY TABLE lane_model_estimates (level text, key text, estimate jsonb) ON COMMIT DROP',
    );
    const levels: Record<Level, Readonly<Record<string, LaneEstimateData>>> = { lanes, lastLegs, zones };
    const removed: Record<Level, string[]> = { lanes: [], lastLegs: [], zones: [] };
    for (const level of LEVELS) {
      const estimates = levels[level];
      const before = previous?.[level] ?? {};
      const changed = Object.keys(estimates).filter(
        (key) => !Object.hasOwn(before, key) || before[key] !== estimates[key],
      );
      for (const key of Object.keys(before)) if (!Object.hasOwn(estimates, key)) removed[level].push(key);
      await insertInParts(
        this.sql,
        `INSERT INTO lane_model_estimates (level, key, estimate)
         SELECT '${level}', e.key, e.estimate FROM jsonb_to_recordset($1::jsonb) AS e(key text, estimate jsonb)`,
        changed,
        (keys) => keys.map((key) => ({ key, estimate: estimates[key] })),
      );
    }
    await this.sql.query(
      `INSERT INTO lane_models (version, built_at, today, body, lanes, deliveries, outcomes_mark)
       SELECT $1, $2, $3, $4::jsonb || jsonb_build_object(
           'lanes', (coalesce(base.body -> 'lanes', '{}') - $8::text[]) || coalesce((
             SELECT jsonb_object_agg(key, estimate) FROM lane_model_estimates WHERE level = 'lanes'), '{}'),
           'lastLegs', (coalesce(base.body -> 'lastLegs', '{}') - $9::text[]) || coalesce((
             SELECT jsonb_object_agg(key, estimate) FROM lane_model_estimates WHERE level = 'lastLegs'), '{}'),
           'zones', (coalesce(base.body -> 'zones', '{}') - $10::text[]) || coalesce((
             SELECT jsonb_object_agg(key, estimate) FROM lane_model_estimates WHERE level = 'zones'), '{}')),
         $5, $6, $7
       FROM (SELECT (SELECT body FROM lane_models WHERE version = $11) AS body) AS base`,
      [
        version,
        model.builtAt,
        model.today,
        JSON.stringify(head),
        Object.keys(lanes).length,
        model.network?.deliveries ?? 0,
        outcomesMark,
        removed.lanes,
        removed.lastLegs,
        removed.zones,
        previous?.version ?? null,
      ],
    );
  }

  /**
   * The configuration's retention (configuration.md, "Retention") applied to models: the newest `keep` are kept,
   * and beyond them none built before `olderThan`; a model is built whenever outcomes changed, up to one a refresh,
   * so beyond the newest `keep` only the first model of each day is kept. Answers the versions removed.
   */
  async prune(keep: number, olderThan: Date): Promise<number[]> {
    const rows = await this.sql.query<{ version: number }>(
      `DELETE FROM lane_models m
       WHERE m.version NOT IN (SELECT version FROM lane_models ORDER BY version DESC LIMIT GREATEST($1::int, 1))
         AND (m.built_at < $2
              OR EXISTS (SELECT FROM lane_models e WHERE e.today = m.today AND e.version < m.version))
       RETURNING m.version::float8 AS version`,
      [keep, olderThan],
    );
    return rows.map((row) => row.version).sort((a, b) => a - b);
  }
}

export class LaneModelRepository {
  /** the process's reader: it keeps the observations it read last (lane-observations.reader.ts) */
  private readonly observationsReader = new LaneObservationsReader();

  constructor(private readonly database: Database) {}

  /**
   * Runs `work` in one transaction holding the refresh lock, committed when it resolves; null at once, without
   * running it, while another process holds the lock.
   */
  refresh<T>(work: (transaction: LaneModelTransaction) => Promise<T>): Promise<{ result: T } | null> {
    return this.database.transaction(async (sql) => {
      const [{ locked }] = await sql.query<{ locked: boolean }>(
        'SELECT pg_try_advisory_xact_lock($1) AS locked',
        [REFRESH_LOCK],
      );
      return locked ? { result: await work(new LaneModelTransaction(sql, this.observationsReader)) } : null;
    });
  }

  /** Every stored version, oldest first (a few hundred at most: see `prune`). */
  versions(): Promise<LaneModelVersion[]> {
    return this.database.query<LaneModelVersion>(
      `SELECT ${VERSION_COLUMNS} FROM lane_models ORDER BY version`,
    );
  }

  /**
   * Model `version`, its estimates read in batches; null when it is not stored. With `held`, a stored model the
   * caller holds (a replica's, when a newer one is built): only the estimates that differ from it are read and
   * parsed, the others are `held`'s own objects; `held` itself is not changed.
   */
  model(version: number, held: LaneModelData | null = null): Promise<LaneModelData | null> {
    return this.database.transaction((sql) => readModel(sql, version, held));
  }

  /** The newest model built at or before `instant`; null when none was. */
  async at(instant: Date): Promise<LaneModelData | null> {
    return this.database.transaction(async (sql) => {
      const [row] = await sql.query<{ version: number }>(
        `SELECT version::float8 AS version FROM lane_models WHERE built_at <= $1
         ORDER BY built_at DESC, version DESC LIMIT 1`,
        [instant],
      );
      return row === undefined ? null : readModel(sql, row.version);
    });
  }
}
