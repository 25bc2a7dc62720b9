import type { MigrationInterface } from 'typeorm';
import { Capacity1795271070624 } from './1795271070624-capacity';
import { Products1795280000000 } from './1795280000000-products';
import { Reservations1795290000000 } from './1795290000000-reservations';
import { ProductContentHash1795300000000 } from './1795300000000-product-content-hash';
import { CapacityCountersDate1795310000000 } from './1795310000000-capacity-counters-date';
import { ConfigurationVersionProvenance1795320000000 } from './1795320000000-configuration-version-provenance';
import { CapacityCountersChanges1795330000000 } from './1795330000000-capacity-counters-changes';
import { DeliveryOutcomes1795340000000 } from './1795340000000-delivery-outcomes';
import { ReservationMoves1795345000000 } from './1795345000000-reservation-moves';
import { ReservationRisks1795350000000 } from './1795350000000-reservation-risks';
import { DeliveryAccuracyDays1795360000000 } from './1795360000000-delivery-accuracy-days';
import { DeliveryAccuracyCountedByWriters1795370000000 } from './1795370000000-delivery-accuracy-counted-by-writers';
import { DeliveryPromiseWindows1795380000000 } from './1795380000000-delivery-promise-windows';
import { ReservationRequestWithItsRow1795390000000 } from './1795390000000-reservation-request-with-its-row';
import { DeliveryPromisesByPort1795395000000 } from './1795395000000-delivery-promises-by-port';
import { ReservationWindowHours1795405000000 } from './1795405000000-reservation-window-hours';
import { DeliveryAccuracyDaysUncounted1795410000000 } from './1795410000000-delivery-accuracy-days-uncounted';
import { PromiseConfidenceSettings1795417000000 } from './1795417000000-promise-confidence-settings';
import { LaneModels1795420000000 } from './1795420000000-lane-models';

/** Migrations in the order they run; each feature appends its own. */
export const migrations: (new () => MigrationInterface)[] = [
  Capacity1795271070624,
  Products1795280000000,
  Reservations1795290000000,
  ProductContentHash1795300000000,
  CapacityCountersDate1795310000000,
  ConfigurationVersionProvenance1795320000000,
  CapacityCountersChanges1795330000000,
  DeliveryOutcomes1795340000000,
  ReservationMoves1795345000000,
  ReservationRisks1795350000000,
  DeliveryAccuracyDays1795360000000,
  DeliveryAccuracyCountedByWriters1795370000000,
  DeliveryPromiseWindows1795380000000,
  ReservationRequestWithItsRow1795390000000,
  DeliveryPromisesByPort1795395000000,
  ReservationWindowHours1795405000000,
  DeliveryAccuracyDaysUncounted1795410000000,
  PromiseConfidenceSettings1795417000000,
  LaneModels1795420000000,
];
