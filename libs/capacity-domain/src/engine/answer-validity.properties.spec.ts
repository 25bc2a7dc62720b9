/**
 * `validUntil` on seeded random worlds: for every group, the same request calculated one second before its
 * `validUntil` gives the same group (and the same `validUntil`), and calculated at it gives another (the engine
 * reads "now" to the minute, so one second is its smallest step); the explanation names the event of that
 * instant; a group without `validUntil` is the same 60 days later. Each world is asked at its own instant and at
 * three more, and each answer is followed from its earliest `validUntil` to the next, six times. Where origin-less
 * items are placed by route, a group also ends when time moves its items to another origin
 * (placement-validity.ts): the group is then absent at its `validUntil` (`moved`).
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

describe('validUntil: the answer holds until it and changes at it', () => {
  const figures: Record<Case['kind'], Figures> = {
    explicit: { requests: 0, groups: 0, bounded: 0, unbounded: 0, moved: 0, reasons: {} },
    placing: { requests: 0, groups: 0, bounded: 0, unbounded: 0, moved: 0, reasons: {} },
    layoutB: { requests: 0, groups: 0, bounded: 0, unbounded: 0, moved: 0, reasons: {} },
  };

  function check(c: Case, start: number): void {
    let now = start;
    const counted = figures[c.kind];
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
      for (const c of cases) for (const instant of instantsOf(world, random)) check(c, instant);
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
