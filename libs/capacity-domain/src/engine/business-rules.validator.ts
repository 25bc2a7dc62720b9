/**
 * The 400s of E9/E11.6 that need domain knowledge (the HTTP layer checks structure): ALL_DISPATCH_MODES with an
 * origin-less item, UBIGEO_NEAREST_STORE without `deliveryData.ubigeoCode` when an item has no origin, and an
 * item without `skuCode` whose stock is checked (every item with `validateStock`, origin-less items always).
 */
import type { LayoutARequest } from './layout-a.request';

/** A rejected request field, as the 400 body lists it (`details.errors[]`). */
export interface RequestProblem {
  field: string;
  message: string;
}

export function businessRuleProblems(prepared: LayoutARequest): RequestProblem[] {
  const problems: RequestProblem[] = [];
  const { request, originless, optimization } = prepared;
  if (request.dispatchMode === 'ALL_DISPATCH_MODES') {
    for (const item of originless) {
      problems.push({
        field: `items[${item.index}].origin`,
        message: 'required when dispatchMode is ALL_DISPATCH_MODES',
      });
    }
  }
  const ubigeo = request.deliveryData?.ubigeoCode;
  if (optimization === 'UBIGEO_NEAREST_STORE' && originless.length > 0 && (ubigeo == null || ubigeo === '')) {
    problems.push({
      field: 'deliveryData.ubigeoCode',
      message: 'required by UBIGEO_NEAREST_STORE when an item has no origin',
    });
  }
  const validateStock = prepared.options.validateStock === true;
  for (const item of prepared.items) {
    if (item.sku === null && (validateStock || item.origin === null)) {
      problems.push({
        field: `items[${item.index}].skuCode`,
        message: 'required when the stock of the item is checked',
      });
    }
  }
  return problems;
}
