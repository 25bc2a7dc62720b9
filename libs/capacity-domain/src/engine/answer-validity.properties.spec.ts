/**
 * `validUntil` on seeded random worlds: for every group, the same request calculated one second before its
 * `validUntil` gives the same group (and the same `validUntil`), and calculated at it gives another (the engine
 * reads "now" to the minute, so one second is its smallest step); the explanation names the event of that
 * instant; a group without `validUntil` is the same 60 days later. Each world is asked at its own instant and at
 * three more, and each answer is followed from its earliest `validUntil` to the next, six times. Where origin-less
 * items are placed by route, a group also ends when time moves its items to another origin
 * (placement-validity.ts): the group is then absent at its `validUntil` (`moved`). The same checks run on worlds
 * moved into zones whose clocks change, around both changes of a year, with cut-offs and windows in the changed hour.
 */
import { formatDate, parseDate } from '../calendar/calendar';
import type { Clock } from '../calendar/business-time';
import type { Snapshot } from '../configuration/snapshot';
import type { CalculationData } from '../request/calculation-data.types';
import type { CapacityRequest, DispatchItemRequest } from '../request/capacity-request.types';
import { Random, randomWorld, RandomWorld } from '../testing/random-world';
import { snapshotOf } from '../testing/world-builder';
import { calculate, explain } from './capacity-engine';

const WORLDS = 300;
const INSTANTS = 4;
const STEPS = 6;
/** a group without `validUntil` is the same this much later, past every event of the worlds (ms) */
const LATER = 60 * 86_400_000;

type Answer = Record<string, unknown> & { validUntil: string | null };

interface Case {
  snapshot: Snapshot;
  request: CapacityRequest;
  data: CalculationData;
  /** the figures it counts in: explicit origins, origin-less items placed by route, or layout B */
  kind: 'explicit' | 'placing' | 'layoutB';
}

interface Figures {
  requests: number;
  groups: number;
  bounded: number;
  unbounded: number;
  /** groups absent at their `validUntil`: time moved their items to another origin */
  moved: number;
  reasons: Record<string, number>;
}

const clockAt = (ms: number): Clock => ({ now: () => new Date(ms) });

/** Each group (layout A) or line (layout B) by a key that time cannot change. */
function answersAt(c: Case, ms: number): Map<string, Answer> {
  const outcome = calculate(c.snapshot, c.request, c.data, clockAt(ms));
  if (outcome.kind === 'invalid') throw new Error('invalid request');
  if (outcome.layout === 'B')
    return new Map(outcome.response.map((line, i) => [`line ${i}`, line as unknown as Answer]));
  return new Map(
    outcome.response.logisticsCapacity.map((group) => [
      JSON.stringify([group.origin, group.dispatchMode, group.destination, group.dispatchItems]),
      group as unknown as Answer,
    ]),
  );
}

const withoutValidity = (answer: Answer | undefined): string => {
  if (answer === undefined) return 'absent';
  const { validUntil: _validUntil, ...rest } = answer;
  return JSON.stringify(rest);
};

function layoutB(world: RandomWorld, seed: number): CapacityRequest {
  const types = new Map(
    (world.document.nodes as { code: string; type: DispatchItemRequest['entityType'] }[]).map((n) => [
      n.code,
      n.type,
    ]),
  );
  return {
    purchaseDate: world.request.purchaseDate,
    isPurchaseOrderDeliveryDateRequest: seed % 5 === 0,
    items: world.request.items.map((item, i): DispatchItemRequest => ({
      line: String(i),
      skuCode: 'S',
      origin: item.origin as string,
      entityType: types.get(item.origin as string) ?? 'CD',
      zone: world.request.deliveryData.zone as string,
      destination: world.request.deliveryData.destination ?? 'N0',
      dispatchType: i % 2 === 0 ? 'NORMAL' : 'EXPRESS',
      deliveryMode: i % 3 === 2 ? 'STORE_WITHDRAWAL' : 'HOME_DELIVERY',
      quantity: item.units ?? 1,
      latitude: -12.1,
      longitude: -77.03,
    })),
  };
}

/** The world's own instant and others from two days before its purchase date to four days after. */
function instantsOf(world: RandomWorld, random: Random): number[] {
  const purchase = parseDate(world.request.purchaseDate) as number;
  const instants = [world.clock.now().getTime()];
  for (let i = 1; i < INSTANTS; i++) {
    const day = formatDate(purchase + random.int(-2, 4));
    const minute = random.pick([0, 1, 59, random.int(0, 1439)]) + random.pick([0, 540, 720, 840, 1080]);
    instants.push(Date.parse(`${day}T00:00:00-05:00`) + (minute % 1440) * 60_000 + random.int(0, 59) * 1000);
  }
  return instants;
}

/**
 * Follows the answer of `c` from `start` to its earliest `validUntil` and on, `STEPS` times: every check of the
 * file's comment, counted in `counted`.
 */
function check(c: Case, start: number, counted: Figures, bounded?: (until: number) => void): void {
  let now = start;
  for (let step = 0; step < STEPS; step++) {
    counted.requests++;
    const answers = answersAt(c, now);
    let later: Map<string, Answer> | null = null;
    let next = Infinity;
    for (const [key, answer] of answers) {
      counted.groups++;
      if (answer.validUntil === null) {
        counted.unbounded++;
        later ??= answersAt(c, now + LATER);
        expect([key, withoutValidity(later.get(key))]).toEqual([key, withoutValidity(answer)]);
        continue;
      }
      counted.bounded++;
      const until = Date.parse(answer.validUntil);
      bounded?.(until);
      expect(until).toBeGreaterThan(now);
      const before = answersAt(c, until - 1000).get(key);
      expect([key, withoutValidity(before), before?.validUntil]).toEqual([
        key,
        withoutValidity(answer),
        answer.validUntil,
      ]);
      const at = answersAt(c, until).get(key);
      expect([key, withoutValidity(at)]).not.toEqual([key, withoutValidity(answer)]);
      if (at === undefined) counted.moved++;
      next = Math.min(next, until);
    }
    if (next === Infinity) return;
    const { outcome, explanation } = explain(c.snapshot, c.request, c.data, clockAt(now), 1);
    if (outcome.kind !== 'invalid' && outcome.layout === 'A') {
      // the explanation names the event of each group's validUntil, in logisticsCapacity order
      expect(explanation?.groups.map((group) => group.validUntil?.at ?? null)).toEqual(
        outcome.response.logisticsCapacity.map((group) => group.validUntil),
      );
    }
    for (const group of explanation?.groups ?? []) {
      if (group.validUntil === null) continue;
      const reason = group.validUntil.reason;
      counted.reasons[reason] = (counted.reasons[reason] ?? 0) + 1;
    }
    now = next;
  }
}

describe('validUntil: the answer holds until it and changes at it', () => {
  const figures: Record<Case['kind'], Figures> = {
    explicit: { requests: 0, groups: 0, bounded: 0, unbounded: 0, moved: 0, reasons: {} },
    placing: { requests: 0, groups: 0, bounded: 0, unbounded: 0, moved: 0, reasons: {} },
    layoutB: { requests: 0, groups: 0, bounded: 0, unbounded: 0, moved: 0, reasons: {} },
  };

  it('on 300 worlds with explicit origins, 300 placing origin-less items and 300 layout B requests', () => {
    const random = new Random(4242);
    for (let seed = 1; seed <= WORLDS; seed++) {
      const world = randomWorld(seed);
      const placed = randomWorld(seed, { horizon: [3, 15], span: 60, placement: true });
      const cases: Case[] = [
        {
          snapshot: snapshotOf(world.document),
          request: world.request,
          data: dataOf(world),
          kind: 'explicit',
        },
        {
          snapshot: snapshotOf(placed.document),
          request: placed.request,
          data: dataOf(placed),
          kind: 'placing',
        },
        {
          snapshot: snapshotOf(world.document),
          request: layoutB(world, seed),
          data: dataOf(world),
          kind: 'layoutB',
        },
      ];
      for (const c of cases)
        for (const instant of instantsOf(world, random)) check(c, instant, figures[c.kind]);
    }
    // the figures of these seeds: every reason is seen, and time moves placed items
    expect(figures).toEqual({
      explicit: {
        requests: 2477,
        groups: 5265,
        bounded: 1526,
        unbounded: 3739,
        moved: 0,
        reasons: { BUSINESS_DAY_END: 671, PICKING_CUTOFF: 97, WINDOW_START: 758 },
      },
      placing: {
        requests: 2235,
        groups: 4807,
        bounded: 1337,
        unbounded: 3470,
        moved: 40,
        reasons: { BUSINESS_DAY_END: 558, PICKING_CUTOFF: 98, WINDOW_START: 681 },
      },
      layoutB: {
        requests: 2576,
        groups: 5456,
        bounded: 2035,
        unbounded: 3421,
        moved: 0,
        reasons: { BUSINESS_DAY_END: 842, PICKING_CUTOFF: 121, WINDOW_START: 1072 },
      },
    });
  });
});

function dataOf(world: RandomWorld): CalculationData {
  return { counters: world.usage, stock: world.stock, productWeights: [] };
}

/** Zones whose clocks change, north and south, the change at 01:00, 02:00, 03:00 or midnight. */
const DST_ZONES = ['America/New_York', 'Europe/London', 'Australia/Sydney', 'America/Santiago'];
/** worlds per zone and change */
const DST_WORLDS = 20;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset (minutes) at an instant, as Intl tells it. */
function offsetOf(zone: string, ms: number): number {
  let format = offsetFormats.get(zone);
  if (format === undefined)
    offsetFormats.set(
      zone,
      (format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })),
    );
  const name = format.formatToParts(ms).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /^GMT([+-])(\d{2}):(\d{2})$/.exec(name);
  return match === null ? 0 : (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}

/** A change of the zone's offset: its instant, and the hour of wall time it skips or repeats (its day and start). */
interface Change {
  instant: number;
  day: number;
  minutes: number;
  kind: 'skipped' | 'repeated';
}

/** The zone's changes in `year`, to the minute. */
function changesOf(zone: string, year: number): Change[] {
  const changes: Change[] = [];
  for (let hour = Date.UTC(year, 0, 1); hour < Date.UTC(year + 1, 0, 1); hour += HOUR) {
    const before = offsetOf(zone, hour);
    if (before === offsetOf(zone, hour + HOUR)) continue;
    let low = hour;
    let high = hour + HOUR;
    while (high - low > MINUTE) {
      const middle = low + Math.floor((high - low) / 2 / MINUTE) * MINUTE;
      if (offsetOf(zone, middle) === before) low = middle;
      else high = middle;
    }
    const after = offsetOf(zone, high);
    const wall = high + Math.min(before, after) * MINUTE;
    const day = Math.floor(wall / DAY);
    changes.push({
      instant: high,
      day,
      minutes: (wall - day * DAY) / MINUTE,
      kind: after > before ? 'skipped' : 'repeated',
    });
  }
  return changes;
}

const hhmm = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * `world` moved to `zone` around `change`: its dates shifted so that the purchase is the day of the change or the day
 * before, its cut-offs and windows' starts at wall times in and around the changed hour.
 */
function aroundChange(world: RandomWorld, zone: string, change: Change, random: Random): RandomWorld {
  const delta = change.day - random.int(0, 1) - (parseDate(world.request.purchaseDate) as number);
  const shift = (date: string): string => formatDate((parseDate(date) as number) + delta);
  const times = [-30, 0, 1, 30, 59, 60, 90]
    .map((minutes) => change.minutes + minutes)
    .filter((minutes) => minutes >= 0 && minutes < 1439);
  const document = structuredClone(world.document) as {
    settings: Record<string, unknown>;
    nodes: Record<string, unknown>[];
    routes: { deliveryWindows: Record<string, unknown>[] }[];
    capacityOverrides: { date: string }[];
  };
  document.settings.timezone = zone;
  for (const node of document.nodes) {
    node.holidays = (node.holidays as string[]).map(shift);
    if (node.pickingCutoffTime !== null || random.chance(0.6))
      node.pickingCutoffTime = hhmm(random.pick(times));
  }
  for (const route of document.routes)
    for (const window of route.deliveryWindows) {
      const start = random.pick(times);
      window.start = hhmm(start);
      window.end = hhmm(Math.min(start + random.pick([30, 90, 240]), 1439));
    }
  for (const override of document.capacityOverrides) override.date = shift(override.date);
  const { calculationOptions: options } = world.request;
  return {
    ...world,
    document,
    usage: world.usage.map((row) => ({ ...row, date: shift(row.date) })),
    request: {
      ...world.request,
      purchaseDate: shift(world.request.purchaseDate),
      calculationOptions: {
        ...options,
        ...(options?.rangeStart == null ? {} : { rangeStart: shift(options.rangeStart) }),
        ...(options?.rangeEnd == null ? {} : { rangeEnd: shift(options.rangeEnd) }),
      },
    },
  };
}

describe('validUntil where clocks change: the skipped hour and the hour lived twice', () => {
  it(`on ${DST_WORLDS} worlds of each kind per change of ${DST_ZONES.join(', ')}`, () => {
    const figures: Record<Case['kind'], Figures> = {
      explicit: { requests: 0, groups: 0, bounded: 0, unbounded: 0, moved: 0, reasons: {} },
      placing: { requests: 0, groups: 0, bounded: 0, unbounded: 0, moved: 0, reasons: {} },
      layoutB: { requests: 0, groups: 0, bounded: 0, unbounded: 0, moved: 0, reasons: {} },
    };
    const random = new Random(2027);
    const seen = { skipped: 0, repeated: 0 };
    // bounds reached when the clocks jump past them, and bounds in the second time of a repeated hour
    const reached = { atJump: 0, secondTime: 0 };
    for (const zone of DST_ZONES)
      for (const change of changesOf(zone, 2027)) {
        seen[change.kind]++;
        const bounded = (until: number) => {
          if (change.kind === 'skipped' && until === change.instant) reached.atJump++;
          if (change.kind === 'repeated' && until >= change.instant && until < change.instant + HOUR)
            reached.secondTime++;
        };
        for (let seed = 1; seed <= DST_WORLDS; seed++) {
          const world = aroundChange(randomWorld(seed), zone, change, random);
          const placed = aroundChange(
            randomWorld(seed, { horizon: [3, 15], span: 60, placement: true }),
            zone,
            change,
            random,
          );
          const cases: Case[] = [
            {
              snapshot: snapshotOf(world.document),
              request: world.request,
              data: dataOf(world),
              kind: 'explicit',
            },
            {
              snapshot: snapshotOf(placed.document),
              request: placed.request,
              data: dataOf(placed),
              kind: 'placing',
            },
            {
              snapshot: snapshotOf(world.document),
              request: layoutB(world, seed),
              data: dataOf(world),
              kind: 'layoutB',
            },
          ];
          // before the change, in the changed hour (its second time where it repeats), after it, the day before
          const instants = [
            change.instant - random.int(1, 90) * MINUTE,
            change.instant + random.int(0, 59) * MINUTE + random.int(0, 59) * 1000,
            change.instant + random.int(60, 180) * MINUTE,
            change.instant - DAY + random.int(-120, 120) * MINUTE,
          ];
          for (const c of cases) for (const instant of instants) check(c, instant, figures[c.kind], bounded);
        }
      }
    expect(seen).toEqual({ skipped: 4, repeated: 4 });
    expect(reached).toEqual({ atJump: 94, secondTime: 6 });
    expect(figures).toEqual({
      explicit: {
        requests: 1431,
        groups: 3164,
        bounded: 911,
        unbounded: 2253,
        moved: 0,
        reasons: { BUSINESS_DAY_END: 431, PICKING_CUTOFF: 69, WINDOW_START: 411 },
      },
      placing: {
        requests: 1334,
        groups: 2488,
        bounded: 931,
        unbounded: 1557,
        moved: 0,
        reasons: { BUSINESS_DAY_END: 418, PICKING_CUTOFF: 79, WINDOW_START: 434 },
      },
      layoutB: {
        requests: 1287,
        groups: 2570,
        bounded: 906,
        unbounded: 1664,
        moved: 0,
        reasons: { BUSINESS_DAY_END: 401, PICKING_CUTOFF: 57, WINDOW_START: 448 },
      },
    });
  });
});
