/**
 * `validUntil` on seeded random worlds: for every group, the same request calculated one second before its
 * `validUntil` gives the same group (and the same `validUntil`), and calculated at it gives another (the engine
 * reads "now" to the minute, so one second is its smallest step); the explanation names the event of that
 * instant. Each world is asked at its own instant and at three more, and each answer is followed from its
 * earliest `validUntil` to the next, six times. Where origins are placed by route, the candidates' order bounds
 * every group (answer-validity.ts): the answer holds until `validUntil`, and the figures count how often it
 * changes exactly there.
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

type Answer = Record<string, unknown> & { validUntil: string | null };

interface Case {
  snapshot: Snapshot;
  request: CapacityRequest;
  data: CalculationData;
  /** origins placed by route: the candidates' order bounds every group, so the answer may hold past it */
  placing: boolean;
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
  const figures = {
    requests: 0,
    groups: 0,
    bounded: 0,
    unbounded: 0,
    placingBounded: 0,
    placingChangedAt: 0,
    reasons: new Map<string, number>(),
  };

  function check(c: Case, start: number): void {
    let now = start;
    for (let step = 0; step < STEPS; step++) {
      figures.requests++;
      const answers = answersAt(c, now);
      let next = Infinity;
      for (const [key, answer] of answers) {
        figures.groups++;
        if (answer.validUntil === null) {
          figures.unbounded++;
          continue;
        }
        figures.bounded++;
        const until = Date.parse(answer.validUntil);
        expect(until).toBeGreaterThan(now);
        const before = answersAt(c, until - 1000).get(key);
        expect([key, withoutValidity(before), before?.validUntil]).toEqual([
          key,
          withoutValidity(answer),
          answer.validUntil,
        ]);
        const at = withoutValidity(answersAt(c, until).get(key));
        if (c.placing) {
          figures.placingBounded++;
          if (at !== withoutValidity(answer)) figures.placingChangedAt++;
        } else expect([key, at]).not.toEqual([key, withoutValidity(answer)]);
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
        figures.reasons.set(group.validUntil.reason, (figures.reasons.get(group.validUntil.reason) ?? 0) + 1);
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
        { snapshot: snapshotOf(world.document), request: world.request, data: dataOf(world), placing: false },
        {
          snapshot: snapshotOf(placed.document),
          request: placed.request,
          data: dataOf(placed),
          placing: true,
        },
        {
          snapshot: snapshotOf(world.document),
          request: layoutB(world, seed),
          data: dataOf(world),
          placing: false,
        },
      ];
      for (const c of cases) for (const instant of instantsOf(world, random)) check(c, instant);
    }
    // the figures of these seeds: every reason is seen, and most answers followed are bounded
    expect({ ...figures, reasons: Object.fromEntries(figures.reasons) }).toEqual({
      requests: 7526,
      groups: 15896,
      bounded: 6105,
      unbounded: 9791,
      placingBounded: 2544,
      placingChangedAt: 1193,
      reasons: { BUSINESS_DAY_END: 2671, PICKING_CUTOFF: 631, WINDOW_START: 2803 },
    });
  });
});

function dataOf(world: RandomWorld): CalculationData {
  return { counters: world.usage, stock: world.stock, productWeights: [] };
}
