import { type DelayDistribution, delays, mixture, shifted } from './delay-distribution';

/**
 * The world of the ground-truth simulator (docs/learning.md, "The ground-truth simulator"): one distribution centre
 * and five lanes, each a one-leg route to its own zone, every day of the week, whose deliveries are late against
 * the plan by a known distribution of whole days. Each truth is made so that its whole-day 0.95 quantile keeps
 * between 95 % and 97 % of the deliveries: buffers are whole days, so that is what a lane kept at 0.95 achieves.
 */
export interface LearningLane {
  /** the route, and the lane of its promises */
  readonly route: string;
  readonly zone: string;
  /** what its truth is like, for the report */
  readonly shape: string;
  readonly ordersPerDay: number;
  /** the day (of the simulation, 0 = its first) its truth changes, if it does */
  readonly changesOn?: number;
  /** the delay of a delivery planned on simulation day `day`, a `weekday` (0 = Monday) */
  truth(day: number, weekday: number): DelayDistribution;
}

const STEADY = delays(-1, [0.05, 0.915, 0.03, 0.005]);
const WIDE = delays(-1, [0.05, 0.2, 0.25, 0.25, 0.215, 0.025, 0.01]);
const WEEKDAY_WORKDAY = delays(0, [0.9, 0.09, 0.01]);
const WEEKDAY_WEEKEND = delays(0, [0.55, 0.35, 0.1]);
const BEFORE_WORSENING = delays(0, [0.8, 0.165, 0.035]);
const BEFORE_IMPROVING = delays(0, [0.92, 0.045, 0.035]);
const AFTER_IMPROVING = delays(0, [0.965, 0.03, 0.005]);

/** Orders placed on each lane every day: enough that a lane's estimate moves by the truth, not by chance. */
export const ORDERS_PER_DAY = 40;

/** The day the worsening lane's transit takes a day longer, and the day the improving lane gets better. */
export const WORSENS_ON = 20;
export const IMPROVES_ON = 50;

/** The five lanes, each with `ordersPerDay` orders a day. */
export const learningLanes = (ordersPerDay = ORDERS_PER_DAY): readonly LearningLane[] => [
  {
    route: 'R-STEADY',
    zone: 'Z-STEADY',
    shape: 'tight: 96.5 % on the planned day or before',
    ordersPerDay,
    truth: () => STEADY,
  },
  {
    route: 'R-WIDE',
    zone: 'Z-WIDE',
    shape: 'wide: from a day early to five days late',
    ordersPerDay,
    truth: () => WIDE,
  },
  {
    route: 'R-WEEKDAY',
    zone: 'Z-WEEKDAY',
    shape: 'weekday-dependent: deliveries planned on Saturday and Sunday are later',
    ordersPerDay,
    truth: (_day, weekday) => (weekday >= 5 ? WEEKDAY_WEEKEND : WEEKDAY_WORKDAY),
  },
  {
    route: 'R-WORSENS',
    zone: 'Z-WORSENS',
    shape: `drifts: from day ${WORSENS_ON} every delivery takes a day longer`,
    ordersPerDay,
    changesOn: WORSENS_ON,
    truth: (day) => (day >= WORSENS_ON ? shifted(BEFORE_WORSENING, 1) : BEFORE_WORSENING),
  },
  {
    route: 'R-IMPROVES',
    zone: 'Z-IMPROVES',
    shape: `improves: from day ${IMPROVES_ON} fewer deliveries are late`,
    ordersPerDay,
    changesOn: IMPROVES_ON,
    truth: (day) => (day >= IMPROVES_ON ? AFTER_IMPROVING : BEFORE_IMPROVING),
  },
];

export const LEARNING_LANES = learningLanes();

/**
 * What a model of the whole lane can know of its truth on `day`: its deliveries over a week (the same number of
 * orders every day). The oracle's buffer is this distribution's quantile.
 */
export function laneTruth(lane: LearningLane, day: number): DelayDistribution {
  return mixture(
    Array.from({ length: 7 }, (_, weekday) => ({ weight: 1, distribution: lane.truth(day, weekday) })),
  );
}

const EVERY_DAY = ['LUN', 'MAR', 'MIE', 'JUE', 'VIE', 'SAB', 'DOM'];
export const LEARNING_ORIGIN = 'CD01';

/**
 * The configuration document of the world (as `PUT {base}/configuration` takes it): CD01 picks every day until
 * 18:00 and dispatches the next day (processingDays 1); each lane's route leaves every day with a day of transit
 * (leadTimeDays 1), without windows; capacity and stock far above the orders. An order placed at noon is planned to
 * arrive two days later. Its web orders are promised at `confidence` (settings.promiseConfidence).
 */
export function learningConfiguration(
  confidence: number,
  lanes: readonly LearningLane[] = LEARNING_LANES,
): Record<string, unknown> {
  return {
    settings: {
      timezone: 'America/Lima',
      searchHorizonDays: 30,
      maxDeliveryDates: 1,
      maxLegs: 1,
      maxAlternativePaths: 1,
      promiseConfidence: { bySaleChannel: { WEB: confidence } },
    },
    nodes: [
      {
        code: LEARNING_ORIGIN,
        type: 'CD',
        name: 'CD Lurín',
        shortName: 'LUR',
        address: {
          address: 'Av. Industrial 1',
          district: 'Lurín',
          province: 'Lima',
          ubigeoCode: '150119',
          country: 'PE',
          latitude: -12.2746,
          longitude: -76.8706,
        },
        platformWarehouseId: 'WH-CD01',
        platformDockId: 'DOCK-CD01-1',
        contactNumber: '+51 1 555 0101',
        pickupPointId: null,
        deliveryTime: null,
        pickingDays: EVERY_DAY,
        processingDays: 1,
        pickingCutoffTime: '18:00',
        pickingCapacity: 1_000_000,
        holidays: [],
      },
    ],
    zones: lanes.map((lane, index) => ({ code: lane.zone, ubigeoCodes: [String(150201 + index)] })),
    routes: lanes.map((lane) => ({
      code: lane.route,
      description: lane.shape,
      source: LEARNING_ORIGIN,
      targetZone: lane.zone,
      mode: 'HOME_DELIVERY',
      dispatchTypes: ['NORMAL'],
      daysOfWeek: EVERY_DAY,
      leadTimeDays: 1,
      dispatchCapacity: 1_000_000,
      priority: 10,
      cost: { base: 10, perKg: 0.5 },
      deliveryWindows: [],
    })),
    capacityOverrides: [],
    stock: [{ sku: 'SKU-1', node: LEARNING_ORIGIN, available: 1_000_000 }],
    usage: [],
  };
}
