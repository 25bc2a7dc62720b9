import type { BacktestFigures, BacktestRates } from '@delivery/capacity-domain';
import type {
  BacktestFiguresResponse,
  BacktestRatesResponse,
  ConfigurationBacktestResponse,
  ConfigurationPreviewResponse,
} from '@delivery/contracts';
import type { ConfigurationPreview } from './preview-configuration.use-case';
import type { BacktestResult } from './promise-backtest';

/** What a replay cannot know, and how it treats it (docs/accuracy.md, "Backtesting a change"). */
export const REPLAY_NOTE =
  'Each order is calculated again at the instant it was placed, with the request it was placed with. The counters ' +
  'of that day (what other orders had taken) are not known: every counter is taken as empty, so a full day never ' +
  'moves a date in the replay (a capacity of 0 in the document still closes it). Stock is not checked (an order ' +
  'without origins is placed on the stock of now). The date ' +
  "compared is the first one the document offers the promise's origin and destination.";

const rounded = (value: number | null, places: number): number | null =>
  value === null ? null : Math.round(value * 10 ** places) / 10 ** places;

const ratesOf = (rates: BacktestRates): BacktestRatesResponse => ({
  judged: rates.judged,
  onTime: rates.onTime,
  exactDay: rates.exactDay,
  onTimeRate: rounded(rates.onTimeRate, 4),
  exactDayRate: rounded(rates.exactDayRate, 4),
});

const figuresOf = (figures: BacktestFigures): BacktestFiguresResponse => ({
  promises: figures.promises,
  notReplayed: figures.notReplayed,
  delivered: figures.delivered,
  open: figures.open,
  cancelled: figures.cancelled,
  moved: { ...figures.moved },
  movedByDays: figures.movedByDays.map(({ days, count }) => ({ days, count })),
  meanDaysToPromise: {
    asPromised: rounded(figures.meanDaysToPromise.asPromised, 2),
    asCandidate: rounded(figures.meanDaysToPromise.asCandidate, 2),
  },
  asPromised: ratesOf(figures.asPromised),
  asCandidate: ratesOf(figures.asCandidate),
});

/** The backtest's answer: rates to 4 decimals, mean days to 2, and what the replay assumed. */
export function presentBacktest(backtest: BacktestResult): ConfigurationBacktestResponse {
  return {
    from: backtest.from,
    to: backtest.to,
    timezone: backtest.timezone,
    replay: { counters: 'NOT_LIMITING', stock: 'NOT_CHECKED', note: REPLAY_NOTE },
    total: figuresOf(backtest.total),
    lanes: backtest.lanes.map((lane) => ({ lane: lane.lane, origin: lane.origin, ...figuresOf(lane) })),
    totalLanes: backtest.totalLanes,
  };
}

/** The preview's answer; the backtest only when one was asked. */
export function presentPreview(preview: ConfigurationPreview): ConfigurationPreviewResponse {
  const { backtest, ...rest } = preview;
  return backtest === undefined ? rest : { ...rest, backtest: presentBacktest(backtest) };
}
