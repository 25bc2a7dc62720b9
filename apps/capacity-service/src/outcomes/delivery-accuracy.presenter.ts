import type { AccuracyFiguresResponse, DeliveryAccuracyResponse } from '@delivery/contracts';
import type { AccuracyFigures, DeliveryAccuracy } from './get-delivery-accuracy.use-case';

const ratio = (value: number | null): number | null =>
  value === null ? null : Math.round(value * 10_000) / 10_000;

function figuresOf(figures: AccuracyFigures): AccuracyFiguresResponse {
  return {
    promised: figures.promised,
    delivered: figures.delivered,
    onTime: figures.onTime,
    exactDay: figures.exactDay,
    early: figures.early,
    late: figures.late,
    outsideWindow: figures.outsideWindow,
    lateByDays: figures.lateByDays.map(({ days, count }) => ({ days, count })),
    lateBySlippedStep: { ...figures.lateBySlippedStep },
    failedAttempts: figures.failedAttempts,
    cancelled: figures.cancelled,
    openPastDate: figures.openPastDate,
    openInTime: figures.openInTime,
    onTimeRate: ratio(figures.onTimeRate),
    exactDayRate: ratio(figures.exactDayRate),
    eventsBeforeReservation: figures.eventsBeforeReservation,
  };
}

/** The accuracy answer; rates rounded to 4 decimals. */
export function presentDeliveryAccuracy(accuracy: DeliveryAccuracy): DeliveryAccuracyResponse {
  return {
    from: accuracy.from,
    to: accuracy.to,
    today: accuracy.today,
    timezone: accuracy.timezone,
    groupBy: accuracy.groupBy,
    total: figuresOf(accuracy.total),
    groups: accuracy.groups.map((group) => ({ key: group.key, ...figuresOf(group) })),
    totalGroups: accuracy.totalGroups,
    page: accuracy.page,
    pageSize: accuracy.pageSize,
    orphanEvents: accuracy.orphanEvents,
  };
}
