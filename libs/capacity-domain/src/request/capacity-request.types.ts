/**
 * The capacity request as the contract names it (spec 2.1–2.5): layout A (structured) and layout B (flat).
 * Structural validation is the HTTP layer's; `null` counts as absent everywhere (E9).
 */
import type { DispatchType } from '../configuration/configuration-document.types';

export type DispatchMode = 'HOME_DELIVERY' | 'STORE_WITHDRAWAL';
export type RequestedDispatchMode = DispatchMode | 'ALL_DISPATCH_MODES';
export type Optimization =
  'PROXIMITY_STORE' | 'UBIGEO_NEAREST_STORE' | 'COMPLETE_STOCK_MULTI_ORIGIN' | 'ONLY_STOCK_SINGLE_ORIGIN';
export type OriginSearch = 'SEARCH_ORIGINS_BY_COORDINATES' | 'SEARCH_ORIGINS_BY_ROUTE';

export interface ItemAttributeRequest {
  attribute?: string | null;
  attributeValue?: string | null;
  attributeCode?: string | null;
}

/** Item of layout A (ItemCapacityRequest). Echoed as sent in `dispatchItems`. */
export interface ItemCapacityRequest {
  skuCode?: string | null;
  origin?: string | null;
  description?: string | null;
  routePriority?: number | null;
  companyCode?: string | null;
  line?: string | null;
  quantity?: number | null;
  /** grams per unit of quantity */
  weight?: number | null;
  height?: number | null;
  width?: number | null;
  length?: number | null;
  volume?: number | null;
  presentationCode?: string | null;
  division?: string | null;
  units?: number | null;
  measurable?: string | null;
  attributes?: ItemAttributeRequest[] | null;
}

export interface CalculationOptionsRequest {
  calculate?: OriginSearch | null;
  rangeStart?: string | null;
  rangeEnd?: string | null;
  optimization?: Optimization | null;
  maxOrigins?: number | null;
  maxItemsPerOrigin?: number | null;
  maxDistancePickingStore?: number | null;
  maxPickupPoint?: number | null;
  validateStock?: boolean | null;
  dispatchCostEnabled?: boolean | null;
  pickupCompanyCode?: string | null;
  useExternalPickupCompanyCode?: boolean | null;
  useExternalDeliveryCompanyCode?: boolean | null;
  /** keep the dates with this probability (0.50–0.99 in steps of 0.01); overrides the sale channel's setting */
  confidence?: number | null;
}

export interface DeliveryDataRequest {
  latitude?: number | null;
  longitude?: number | null;
  zone?: string | null;
  ubigeoCode?: string | null;
  destination?: string | null;
  originEntityCode?: string | null;
}

/** Layout A (CalculateDeliveryCapacityRequest). */
export interface CalculateDeliveryCapacityRequest {
  identifier?: string | null;
  sellerId?: string | null;
  purchaseDate: string;
  isLastRoute?: boolean | null;
  dispatchType?: DispatchType | null;
  dispatchMode?: RequestedDispatchMode | null;
  saleChannel?: string | null;
  entitySale?: string | null;
  hasFreightAttributeConfiguration?: boolean | null;
  calculationOptions?: CalculationOptionsRequest | null;
  deliveryData: DeliveryDataRequest;
  items: ItemCapacityRequest[];
}

/** Item of layout B (DispatchDTO): one request line. */
export interface DispatchItemRequest {
  origin: string;
  entityType: string;
  skuCode: string;
  zone: string;
  dispatchType: DispatchType;
  destination: string;
  quantity: number;
  latitude: number;
  longitude: number;
  deliveryMode: DispatchMode;
  line?: string | null;
  zoneByChannel?: string | null;
  measurable?: string | null;
  units?: number | null;
  division?: string | null;
  province?: string | null;
  weight?: number | null;
  hasFreightAttributeConfiguration?: boolean | null;
  attributes?: ItemAttributeRequest[] | null;
  saleChannel?: string | null;
  presentationCode?: string | null;
  entityCode?: string | null;
  groupName?: string | null;
}

/** Layout B: a flat list of lines. */
export interface DeliveryDateRequest {
  purchaseDate: string;
  items: DispatchItemRequest[];
  isLastRoute?: boolean | null;
  isPurchaseOrderDeliveryDateRequest?: boolean | null;
}

export type CapacityRequest = CalculateDeliveryCapacityRequest | DeliveryDateRequest;

/** E9: layout A when `deliveryData` is present (the HTTP layer has already told the layouts apart). */
export function isLayoutA(request: CapacityRequest): request is CalculateDeliveryCapacityRequest {
  return (request as CalculateDeliveryCapacityRequest).deliveryData != null;
}

/**
 * E9 layout detection on a raw body, for the HTTP layer: A when `deliveryData` is present; B when it is
 * absent and the first item has `deliveryMode` or `entityType`; otherwise A (and validated as A).
 */
export function detectLayout(body: unknown): 'A' | 'B' {
  if (typeof body !== 'object' || body === null) return 'A';
  const record = body as Record<string, unknown>;
  if (record.deliveryData !== undefined && record.deliveryData !== null) return 'A';
  const first: unknown = Array.isArray(record.items) ? record.items[0] : undefined;
  if (typeof first !== 'object' || first === null) return 'A';
  const item = first as Record<string, unknown>;
  return (item.deliveryMode !== undefined && item.deliveryMode !== null) ||
    (item.entityType !== undefined && item.entityType !== null)
    ? 'B'
    : 'A';
}
