import { formatDate, NO_DATA, parseConfiguration, parseDate } from '@delivery/capacity-domain';
import { offeredReservations } from '../network/engine-reservation';
import { onTimeAt, trueBuffer } from './delay-distribution';
import { PLANNED_AFTER_DAYS } from './domain-promiser';
import { IMPROVES_ON, LEARNING_LANES, laneTruth, learningConfiguration, WORSENS_ON } from './learning-world';

describe('the world of the ground-truth simulator', () => {
  /** per lane: the whole-day 0.95 quantile of its week, and the share of deliveries it keeps, on `day` */
  const kept = (day: number) =>
    Object.fromEntries(
      LEARNING_LANES.map((lane) => {
        const truth = laneTruth(lane, day);
        const buffer = trueBuffer(truth, 0.95);
        return [lane.route, [buffer, Number(onTimeAt(truth, buffer).toFixed(4))]];
      }),
    );

  it('makes each truth keep 95–97 % of the deliveries at its whole-day 0.95 quantile, before and after a change', () => {
    expect(kept(0)).toEqual({
      'R-STEADY': [0, 0.965],
      'R-WIDE': [3, 0.965],
      'R-WEEKDAY': [1, 0.9643],
      'R-WORSENS': [1, 0.965],
      'R-IMPROVES': [1, 0.965],
    });
    expect(kept(Math.max(WORSENS_ON, IMPROVES_ON))).toEqual({
      'R-STEADY': [0, 0.965],
      'R-WIDE': [3, 0.965],
      'R-WEEKDAY': [1, 0.9643],
      'R-WORSENS': [2, 0.965],
      'R-IMPROVES': [0, 0.965],
    });
  });

  it('is late on weekends on the weekday lane: 90 % a day late at most on Saturday and Sunday, 99 % otherwise', () => {
    const [, , weekday] = LEARNING_LANES;
    expect([0, 1, 2, 3, 4, 5, 6].map((day) => onTimeAt(weekday.truth(0, day), 1))).toEqual([
      0.99, 0.99, 0.99, 0.99, 0.99, 0.9, 0.9,
    ]);
  });

  it('plans an order placed at noon to arrive two days later, on every lane and every day of the week', () => {
    const parsed = parseConfiguration(learningConfiguration(0.95), { timezone: 'America/Lima' });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const week = Array.from({ length: 7 }, (_, i) => (parseDate('2026-06-01') as number) + i);
    const plannedAfter = LEARNING_LANES.flatMap((lane) =>
      week.map((day) => {
        const first = offeredReservations(
          parsed.snapshot,
          {
            purchaseDate: formatDate(day),
            saleChannel: 'WEB',
            dispatchType: 'NORMAL',
            dispatchMode: 'HOME_DELIVERY',
            deliveryData: { zone: lane.zone },
            items: [{ skuCode: 'SKU-1', origin: 'CD01', quantity: 1, weight: 500 }],
          },
          NO_DATA,
          new Date(`${formatDate(day)}T12:00:00-05:00`),
        ).next();
        return first.done === true
          ? null
          : (parseDate(first.value.selections[0].deliveryDate) as number) - day;
      }),
    );
    expect(plannedAfter).toEqual(Array.from({ length: 35 }, () => PLANNED_AFTER_DAYS));
    expect(PLANNED_AFTER_DAYS).toBe(2);
  });
});
