/**
 * Q1.4-confirm: holds confirmed through the data access as the confirm use case writes them — the reservations'
 * statement and their delivery promises (`ReservationTransactions` with the outcomes' `DeliveryPromiseRepository`) in
 * one transaction, shared by the confirmations of one turn of the event loop — over as many connections as the service's pool (10), against the floor: the same writes in one
 * statement (the confirmation's `UPDATE` with the promises written from the rows it returns). Each subject confirms
 * 2,000 holds (after 200 more, untimed, that warm the connections and the code) on a database of its own, made
 * fresh for it, with one selection per hold spread over 40 origins × 30 days (three counters each, a window, so a
 * promise and its day row per confirmation). Figures: confirmations per second, and the CPU each took in this
 * process and in the Postgres backends of its connections.
 *
 * With `BENCH_COMPARE_DIST=<another build's dist/>` (named `BENCH_COMPARE_NAME`; built in its checkout with
 * `npx nx run-many -t build --projects=capacity-data-access,migrations`) that build's data access confirms the same
 * holds in process, on a database its own migrations made: a build without `ReservationTransactions` (one whose
 * trigger wrote the promises) confirms with the repository's statement alone. The subjects take turns, round after
 * round (`BENCH_CONFIRM_ROUNDS`, default 3), each round starting with the next one, so that other work on the
 * machine weighs on all of them alike; the median round of each is reported.
 */
import os from 'node:os';
import path from 'node:path';
import * as dataAccess from '@delivery/capacity-data-access';
import type { CounterTake, NewReservation, ReservationRecord } from '@delivery/capacity-domain';
import type { PromisedReservation } from '@delivery/capacity-data-access';
import { runMigrations } from '@delivery/migrations';
import { Database } from '@delivery/persistence';
import { type BenchResult, type BenchScenario, comparedBuilds, verdict } from './bench-scenario';
import { cpuNs, freshBenchDatabase } from './bench-services';
import { round } from './load';

const CONFIRMATIONS = 2000;
const WARM_UP = 200;
const POOL = 10;
const ORIGINS = 40;
const DAYS = 30;
const PLENTY = 1_000_000_000;
const DATABASE = 'delivery_bench_confirm';
const APPLICATION = 'bench-confirm';
const ROUNDS = Number(process.env.BENCH_CONFIRM_ROUNDS ?? 3);

/** What a build's data access offers for this scenario; `ReservationTransactions` absent before promises had a port. */
type DataAccess = Pick<typeof dataAccess, 'CapacityReservationRepository' | 'DeliveryPromiseRepository'> &
  Partial<Pick<typeof dataAccess, 'ReservationTransactions'>>;

interface Build {
  name: string;
  access: DataAccess;
  Database: typeof Database;
  migrate: (url: string) => Promise<unknown>;
}

type Confirm = (identifier: string) => Promise<ReservationRecord | null>;

interface Subject {
  name: string;
  build: Build;
  confirmer(database: Database, now: Date): Confirm;
}

interface RoundFigures {
  perSecond: number;
  /** CPU per confirmation, ms: this process, and the Postgres backends of its connections */
  nodeMs: number;
  postgresMs: number;
}

/** This build, or the one whose `dist/` is `dist`, its libraries loaded from there. */
function loadBuild(name: string, dist: string | undefined): Build {
  if (dist === undefined) return { name, access: dataAccess, Database, migrate: runMigrations };
  const library = (lib: string) => require(path.resolve(dist, 'libs', lib, 'src/index.js'));
  return {
    name,
    access: library('capacity-data-access') as DataAccess,
    Database: (library('persistence') as { Database: typeof Database }).Database,
    migrate: (library('migrations') as { runMigrations: (url: string) => Promise<unknown> }).runMigrations,
  };
}

/**
 * As the confirm use case writes it: the reservation confirmed and, when it was, its promises, in one transaction —
 * shared by the confirmations of one turn of the event loop (`ReservationTransactions.perTurn`, 64 at most) where the
 * build's repository confirms a batch (`confirmAll`), one per confirmation where it confirms one.
 */
function dataAccessSubject(build: Build): Subject {
  return {
    name: build.name,
    build,
    confirmer(database, now) {
      const { CapacityReservationRepository, DeliveryPromiseRepository, ReservationTransactions } =
        build.access;
      if (ReservationTransactions === undefined) {
        const repository = new CapacityReservationRepository(database);
        return (identifier) => repository.confirm(identifier, now);
      }
      const transactions = new ReservationTransactions(database, (sql) => new DeliveryPromiseRepository(sql));
      if (!('confirmAll' in CapacityReservationRepository.prototype))
        return (identifier) =>
          transactions.transaction(async (reservations, promises) => {
            const record = await reservations.confirm(identifier, now);
            const planned = promises.planned as unknown as (
              reservation: PromisedReservation,
            ) => Promise<void>;
            if (record?.confirmedAt)
              await planned.call(promises, { ...record, confirmedAt: record.confirmedAt });
            return record;
          });
      return transactions.perTurn<string, ReservationRecord | null>(
        async (identifiers, reservations, promises) => {
          const records = await reservations.confirmAll(
            identifiers.map((identifier) => ({ identifier, at: now })),
          );
          const confirmed = records.flatMap((record) =>
            record?.confirmedAt ? [{ ...record, confirmedAt: record.confirmedAt }] : [],
          );
          if (confirmed.length > 0) await promises.planned(confirmed);
          return records;
        },
        64,
      );
    },
  };
}

/** The confirmation and its promises in one statement, on this build's schema (and its marker, so nothing is marked). */
const ONE_STATEMENT = `
  WITH confirmed AS (
    UPDATE capacity_reservations SET status = 'CONFIRMED', hold_expires_at = NULL, confirmed_at = $2
    WHERE identifier = $1 AND status = 'HELD' AND hold_expires_at > $2
    RETURNING *, capacity_reservations_promising()
  )
  SELECT identifier, body_hash AS "bodyHash", status, created_at AS "createdAt", hold_expires_at AS "holdExpiresAt",
    confirmed_at AS "confirmedAt", ended_at AS "endedAt", selections, taken, request,
    delivery_promises_planned(identifier, selections, created_at, confirmed_at) AS promised
  FROM confirmed`;

function floorSubject(build: Build): Subject {
  return {
    name: 'floor: the same writes in one statement',
    build,
    confirmer: (database, now) => async (identifier) => {
      const [row] = await database.prepared<ReservationRecord>({
        name: 'bench-confirm-one-statement',
        text: ONE_STATEMENT,
        values: [identifier, now],
      });
      return row ?? null;
    },
  };
}

/** Today (UTC) plus `days`, as YYYY-MM-DD. */
function dateIn(days: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Hold `i`: one unit from one of 40 origins on one of 30 days, home delivery the next day in the AM window. */
function hold(i: number, createdAt: Date): NewReservation {
  const origin = `O${String(i % ORIGINS).padStart(2, '0')}`;
  const day = 1 + (Math.floor(i / ORIGINS) % DAYS);
  const delivery = dateIn(day + 1);
  const taken: CounterTake[] = [
    { scope: 'PICKING', ref: origin, date: dateIn(day), units: 1, capacity: PLENTY },
    { scope: 'DISPATCH', ref: `R-${origin}`, date: dateIn(day), units: 1, capacity: PLENTY },
    { scope: 'WINDOW', ref: `R-${origin}:AM`, date: delivery, units: 1, capacity: PLENTY },
  ];
  return {
    identifier: `confirm-${i}`,
    bodyHash: `hash-${i}`,
    createdAt,
    holdExpiresAt: new Date(createdAt.getTime() + 3_600_000),
    selections: [
      {
        origin,
        dispatchMode: 'HOME_DELIVERY',
        destination: 'Z1',
        deliveryDate: delivery,
        deliveryWindow: 'AM',
        deliveryWindowStart: `${delivery}T09:00:00-05:00`,
        deliveryWindowEnd: `${delivery}T13:00:00-05:00`,
        plan: taken.map(({ scope, ref, date, units }) => ({ scope, ref, date, units, unlimited: false })),
      },
    ],
    taken,
    request: {
      purchaseDate: dateIn(day),
      saleChannel: 'WEB',
      dispatchType: 'NORMAL',
      dispatchMode: 'HOME_DELIVERY',
      deliveryData: { zone: 'Z1' },
      items: [{ skuCode: 'SKU-1', origin, quantity: 1, weight: 1000 }],
    },
  };
}

/** Holds `from` to `to` confirmed over the pool's connections, each as soon as one is free. */
async function confirmAll(confirm: Confirm, from: number, to: number): Promise<void> {
  let next = from;
  await Promise.all(
    Array.from({ length: POOL }, async () => {
      while (next < to) {
        const identifier = `confirm-${next++}`;
        if ((await confirm(identifier)) === null) throw new Error(`${identifier} was not confirmed`);
      }
    }),
  );
}

/** Holds written with the build's own repository, then confirmed by the subject: one round. */
async function measure(subject: Subject): Promise<RoundFigures> {
  const url = await freshBenchDatabase(DATABASE, subject.build.migrate);
  const database = new subject.build.Database({ url, poolSize: POOL, applicationName: APPLICATION });
  try {
    const holds = new subject.build.access.CapacityReservationRepository(database);
    const createdAt = new Date(Date.now() - 60_000);
    const reserved = await Promise.all(
      Array.from({ length: WARM_UP + CONFIRMATIONS }, (_, i) => holds.reserve(hold(i, createdAt))),
    );
    if (reserved.some((result) => result.kind !== 'created')) throw new Error('a hold was not written');
    await database.query('VACUUM ANALYZE');

    const confirm = subject.confirmer(database, new Date());
    await confirmAll(confirm, 0, WARM_UP);
    const backends = await database.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1',
      [APPLICATION],
    );
    const postgresCpu = () => backends.reduce((sum, { pid }) => sum + cpuNs(pid), 0);
    const [postgresBefore, nodeBefore, started] = [postgresCpu(), cpuNs(process.pid), performance.now()];
    await confirmAll(confirm, WARM_UP, WARM_UP + CONFIRMATIONS);
    const seconds = (performance.now() - started) / 1000;
    const [postgresAfter, nodeAfter] = [postgresCpu(), cpuNs(process.pid)];

    // every hold confirmed with its promise, and none marked as confirmed without it (where marks are kept)
    const [written] = await database.query<{ confirmed: number; promises: number; marks: string | null }>(
      `SELECT (SELECT count(*)::int FROM capacity_reservations WHERE status = 'CONFIRMED') AS confirmed,
         (SELECT count(*)::int FROM delivery_promises WHERE NOT released) AS promises,
         to_regclass('capacity_reservations_unpromised')::text AS marks`,
    );
    const [{ marked }] =
      written.marks === null
        ? [{ marked: 0 }]
        : await database.query<{ marked: number }>(
            'SELECT count(*)::int AS marked FROM capacity_reservations_unpromised',
          );
    const all = WARM_UP + CONFIRMATIONS;
    if (written.confirmed !== all || written.promises !== all || marked !== 0)
      throw new Error(
        `${subject.name}: ${JSON.stringify({ ...written, marked })} after ${all} confirmations`,
      );
    return {
      perSecond: CONFIRMATIONS / seconds,
      nodeMs: (nodeAfter - nodeBefore) / 1e6 / CONFIRMATIONS,
      postgresMs: (postgresAfter - postgresBefore) / 1e6 / CONFIRMATIONS,
    };
  } finally {
    await database.close();
  }
}

const median = (rounds: readonly RoundFigures[]): RoundFigures =>
  [...rounds].sort((a, b) => a.perSecond - b.perSecond)[Math.floor(rounds.length / 2)];

const scenario: BenchScenario = {
  id: 'Q1.4-confirm',
  title:
    'Confirmations with their delivery promises, through the data access, against the same writes in one statement',
  target:
    "with `BENCH_COMPARE_DIST`, ≥ 0.95 of the compared build's confirmations/s, measured in the same rounds",
  async run(): Promise<BenchResult> {
    const builds = comparedBuilds().map(({ name, dist }) => loadBuild(name, dist));
    const self = builds[builds.length - 1];
    const subjects = [...builds.map(dataAccessSubject), floorSubject(self)];
    const figures = new Map<Subject, RoundFigures[]>(subjects.map((subject) => [subject, []]));
    const loadBefore = os.loadavg()[0];
    for (let turn = 0; turn < ROUNDS; turn++) {
      for (let i = 0; i < subjects.length; i++) {
        const subject = subjects[(turn + i) % subjects.length];
        const measured = await measure(subject);
        console.log(`  round ${turn + 1}, ${subject.name}: ${round(measured.perSecond)} confirmations/s`);
        figures.get(subject)?.push(measured);
      }
    }
    const loadAfter = os.loadavg()[0];
    const rounds = (subject: Subject) => figures.get(subject) ?? [];
    const medians = new Map(subjects.map((subject) => [subject, median(rounds(subject))]));
    const rate = (subject: Subject) => medians.get(subject)?.perSecond ?? NaN;
    const cpu = (subject: Subject) =>
      (medians.get(subject)?.nodeMs ?? NaN) + (medians.get(subject)?.postgresMs ?? NaN);
    /** `a` ÷ `b`, the median of their rounds (each pair measured in the same round) */
    const ratio = (a: Subject, b: Subject) =>
      rounds(a)
        .map((figure, turn) => figure.perSecond / rounds(b)[turn].perSecond)
        .sort((x, y) => x - y)[Math.floor(ROUNDS / 2)];
    const [own, floor] = [subjects[builds.length - 1], subjects[builds.length]];
    const summary: string[] = [];
    if (builds.length > 1) {
      const compared = subjects[0];
      const toCompared = ratio(own, compared);
      summary.push(
        `this build ÷ ${compared.name}: ${round(toCompared, 2)}, the median of the rounds' ratios (target ≥ 0.95): ` +
          `${verdict(toCompared >= 0.95)}; CPU per confirmation ${round(cpu(own), 3)} ms against ` +
          `${round(cpu(compared), 3)} ms; ${compared.name} ÷ the floor ${round(ratio(compared, floor), 2)}`,
      );
    }
    summary.push(
      `this build ÷ the floor (the same writes in one statement): ${round(ratio(own, floor), 2)}; CPU per ` +
        `confirmation ${round(cpu(own), 3)} ms against ${round(cpu(floor), 3)} ms`,
      ...subjects.map(
        (subject) =>
          `${subject.name}, each round: ${rounds(subject)
            .map((figure) => round(figure.perSecond))
            .join(', ')} confirmations/s`,
      ),
      `${ROUNDS} rounds, the subjects in turn, each on a fresh database; ${POOL} connections; 1-minute load ` +
        `average ${round(loadBefore, 2)} at the start, ${round(loadAfter, 2)} at the end (the machine's ` +
        `${os.cpus().length} cores are shared by this process, Postgres and any other work)`,
    );
    return {
      rows: subjects.map((subject) => ({
        subject: `${subject.name}, ${CONFIRMATIONS} holds confirmed over ${POOL} connections (median round)`,
        figures: [
          { metric: 'throughput', value: round(rate(subject)), unit: 'confirmations/s' },
          {
            metric: 'CPU per confirmation: Postgres',
            value: round(medians.get(subject)?.postgresMs ?? NaN, 3),
            unit: 'ms',
          },
          { metric: 'this process', value: round(medians.get(subject)?.nodeMs ?? NaN, 3), unit: 'ms' },
        ],
      })),
      summary,
    };
  },
};

export default scenario;
