import type { Definition } from './definition';
import { capacityGiveBack } from './capacity-give-back.function';
import { capacityMove } from './capacity-move.function';
import { capacityReservationsPromising } from './capacity-reservations-promising.function';
import { capacityReservationsUnpromised } from './capacity-reservations-unpromised.trigger';
import { capacityReservationsWritten } from './capacity-reservations-written.trigger';
import { capacityReserve } from './capacity-reserve.function';
import { capacityReserveWithRequests } from './capacity-reserve-with-requests.function';
import { capacityUsageRemoved } from './capacity-usage-removed.trigger';
import { deliveryAccuracyDaysAdd } from './delivery-accuracy-days-add.function';
import { deliveryAccuracyDaysCounting } from './delivery-accuracy-days-counting.function';
import { deliveryAccuracyDaysRecount } from './delivery-accuracy-days-recount.function';
import { deliveryAccuracyDaysRecountUncounted } from './delivery-accuracy-days-recount-uncounted.function';
import { deliveryPromisesPlanned } from './delivery-promises-planned.function';
import { deliveryPromisesPlannedBatch } from './delivery-promises-planned-batch.function';
import { deliveryPromisesUncounted } from './delivery-promises-uncounted.trigger';
import { productWeights } from './product-weights.view';

export { checksum, type Definition } from './definition';

/**
 * Every function and view of the schema, one current definition each, in the order they are applied: an object
 * after those its creation needs (a SQL function's body, a view's query); PL/pgSQL bodies are checked only when
 * they run.
 */
export const definitions: readonly Definition[] = [
  capacityGiveBack,
  capacityReserve,
  capacityReserveWithRequests,
  capacityMove,
  capacityReservationsWritten,
  capacityReservationsPromising,
  capacityReservationsUnpromised,
  capacityUsageRemoved,
  deliveryAccuracyDaysAdd,
  deliveryAccuracyDaysCounting,
  deliveryAccuracyDaysRecount,
  deliveryAccuracyDaysRecountUncounted,
  deliveryPromisesPlannedBatch,
  deliveryPromisesPlanned,
  deliveryPromisesUncounted,
  productWeights,
];
