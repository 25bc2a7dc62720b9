/** The capacity response as the contract names it (spec 2.6, 2.7). */
import type { Weekday } from '../calendar/calendar';
import type { DispatchType } from '../configuration/configuration-document.types';
import type { PoolingLevel } from '../learning/lane-model.types';
import type { DispatchMode, ItemCapacityRequest } from './capacity-request.types';

export type ErrorCode = 'STOCK_ERROR' | 'CAPACITY_ERROR' | 'PROVIDER_ERROR';
export type ErrorDetailCode =
  | 'SOLD_OUT_QUANTITY'
  | 'PRODUCT_NOT_AVAILABLE'
  | 'PRODUCT_NOT_FOUND'
  | 'PRODUCT_STOCK_NOT_FOUND'
  | 'PRODUCT_STOCK_NOT_AVAILABLE'
  | 'INSUFFICIENT_STOCK'
  | 'PRODUCT_STOCK_NOT_VALUE_DEFINED'
  | 'ROUTE_NOT_EXIST'
  | 'ROUTE_CONFIGURATION_ERROR'
  | 'DISPATCH_NOT_AVAILABLE'
  | 'CALCULATION_CAPACITY_COST_ERROR'
  | 'CAPACITY_CONFIGURATION_ERROR'
  | 'CAPACITY_REQUEST_ERROR'
  | 'SERVICE_ERROR'
  | 'GENERIC_ERROR';
export type WarningDetailCode = 'CAPACITY_CONFIGURATION_WARNING' | 'DELIVERY_WINDOWS_WARNING';

export interface AddressInfoResponse {
  address: string | null;
  district: string | null;
  province: string | null;
  ubigeoCode: string | null;
  country: string | null;
  latitude: number | null;
  longitude: number | null;
}

export interface EntityDetailResponse {
  entityType: string;
  entityCode: string;
  name: string | null;
  shortName: string | null;
  platformWarehouseId: string | null;
  platformDockId: string | null;
  contactNumber: string | null;
  pickupPointId: string | null;
  deliveryTime: string | null;
  addressInfo: AddressInfoResponse | null;
  /** only pickup details carry it, and only when coordinates were given */
  distanceInfo: { distance: number; unit: 'km' } | null;
}

export interface DeliveryTraceDetailResponse {
  sourceNode: string;
  targetNode: string;
  route: string;
  usedDispatchCapacity: number;
  usedPickingCapacity: number;
  dispatchDate: string;
  dispatchUnits: number;
  leadTime: number;
  daysOfWeek: string;
  departureDate: string;
  receptionDate: string;
}

export interface DeliveryWindowResponse {
  deliveryWindow: string;
  deliveryWindowStart: string;
  deliveryWindowEnd: string;
  blocked: boolean;
}

export interface DeliveryTraceResponse {
  deliveryDate: string;
  shippingEstimate: number;
  details: DeliveryTraceDetailResponse[];
  deliveryWindows: DeliveryWindowResponse[];
}

export interface ArriveDateResponse {
  node: string;
  arriveDate: string;
}

/** A detail of an error: fields a code does not carry are null (E11.5). */
export interface DetailedCapacityErrorDetail {
  errorCode: ErrorDetailCode;
  description: string;
  sku: string | null;
  requestedQuantity: number | null;
  availableQuantity: number | null;
}

export interface DetailedCapacityErrorResponse {
  code: ErrorCode;
  details: DetailedCapacityErrorDetail[];
}

export interface DetailedCapacityWarningResponse {
  code: 'CAPACITY_WARNING';
  details: { errorCode: WarningDetailCode; description: string; sku: null }[];
}

/**
 * What a group's dates are worth (docs/learning.md): the probability that the order arrives on or before each
 * offered date, learned from the recorded outcomes of its path's lane, and the buffer its last leg took. All the
 * group path's dates share the lane and the buffer.
 */
export interface PromiseConfidenceResponse {
  /** P(arrival on or before the offered date), 4 decimals */
  probability: number;
  /** the path's legs joined with ` > ` (the accuracy view's route) */
  lane: string;
  /** the lane's own deliveries (and open promises past their date) the estimate stands on, or its parent's */
  deliveries: number;
  /** whose estimate it is: the lane's, or the nearest parent with enough deliveries */
  pooling: PoolingLevel;
  /** days added to the last leg for the confidence asked (0 without one; negative takes days off) */
  bufferDays: number;
  modelVersion: number;
}

export interface DeliveryCapacityGroupResponse {
  origin: string | null;
  destination: string | null;
  dispatchType: DispatchType;
  dispatchMode: DispatchMode;
  /** present only when `dispatchCostEnabled` (null on error groups) */
  deliveryCost?: number | null;
  zone: string | null;
  pickingDays: Weekday[];
  processingDays: number | null;
  leadTimes: number[];
  routeDaysOfWeek: Weekday[][];
  route: string | null;
  routeDescription: string | null;
  pickingDate: string | null;
  deliveryDates: string[][];
  originEntityDetails: EntityDetailResponse | null;
  pickupEntityDetails: EntityDetailResponse | null;
  deliveryTrace: DeliveryTraceResponse[];
  arriveDates: ArriveDateResponse[];
  message: string;
  detailedCapacityError: DetailedCapacityErrorResponse[];
  detailedCapacityWarning: DetailedCapacityWarningResponse[];
  dispatchItems: ItemCapacityRequest[];
  isWholesale: boolean;
  wholesaleAdditionalDays: number;
  /**
   * the earliest instant (wall time in the business time zone with its offset) at which the same request is
   * answered differently by the passing of time alone: a picking cut-off, the start of a listed date's window, or
   * the business day's end; null when time alone never changes it (algorithm.md, "How long an answer holds")
   */
  validUntil: string | null;
  /** present only when a lane model estimates the group's path (docs/learning.md) */
  promiseConfidence?: PromiseConfidenceResponse;
}

export interface CalculateDeliveryCapacityResponse {
  /** null when the request had none: the service answers with a generated UUID (E11.6) */
  identifier: string | null;
  logisticsCapacity: DeliveryCapacityGroupResponse[];
  prioritizationCriteria: string;
}

/** One line of the layout B answer (delivery date information). */
export interface DeliveryDateLineResponse {
  skuCode: string | null;
  line: string | null;
  processingDays: number | null;
  leadTimes: number[];
  pickingDate: string | null;
  deliveryDates: string[];
  deliveryTrace: DeliveryTraceResponse[];
  message: string;
  /** its group's `validUntil` (null for a line answered alone) */
  validUntil: string | null;
  /** its group's, as in layout A: present only when a lane model estimates the group's path */
  promiseConfidence?: PromiseConfidenceResponse;
}
