/** What the calibration view and gauges need of storage (bound in outcomes.module.ts). */
import type { CalibrationRow } from '@delivery/capacity-domain';

export type { CalibrationRow } from '@delivery/capacity-domain';

export const PROMISE_CALIBRATION = Symbol('PROMISE_CALIBRATION');

export interface PromiseCalibrationReader {
  /** Per (lane, probability bucket), the promises promised from `from` to `to` made with a probability. */
  rows(from: string, to: string, today: string): Promise<CalibrationRow[]>;
}
