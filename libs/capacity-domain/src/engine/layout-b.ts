/**
 * E8 layout B: each item is a line; lines with an unknown origin (ROUTE_NOT_EXIST) or an origin of another
 * type (CAPACITY_REQUEST_ERROR) are answered alone; the others are grouped by (origin, dispatchType,
 * deliveryMode, zone, destination, the confidence of their sale channel) and answered with their group's path.
 * E1.7 calendar-only mode applies.
 */
import type { Clock } from '../calendar/business-time';
import { formatDate } from '../calendar/calendar';
import type { Snapshot } from '../configuration/snapshot';
import type { LaneModelData } from '../learning/lane-model.types';
import type { CalculationData } from '../request/calculation-data.types';
import type { DeliveryDateRequest, DispatchItemRequest } from '../request/capacity-request.types';
import type {
  DeliveryDateLineResponse,
  DeliveryTraceResponse,
  DetailedCapacityErrorDetail,
} from '../request/capacity-response.types';
import { validityOf } from './answer-validity';
import { explainedValidity, formatValidity } from './validity-bound';
import { CapacityOutcome, onlyRoutesMissing } from './capacity-outcome';
import { CounterBook } from './capacity-counters';
import { deliveryTraceOf, TraceEnvironment } from './delivery-trace.builder';
import { Destination, namedPickup } from './destination.resolver';
import { ExplanationRecorder, ExplanationSink } from './explanation.recorder';
import { evaluateGroup, GroupEvaluation } from './group.evaluator';
import { PreparedItem, prepareItem } from './item-measures';
import { groupPromise, promiseConfidenceOf, requestedConfidence } from './lane-promise';
import { ListedPath, PathDateSearch } from './path-dates.calculator';
import { RequestScope, requestScope } from './request-scope';

type Line =
  | { item: PreparedItem<DispatchItemRequest>; details: DetailedCapacityErrorDetail[] }
  | { item: PreparedItem<DispatchItemRequest>; group: GroupEvaluation };

export function calculateLayoutB(
  snapshot: Snapshot,
  request: DeliveryDateRequest,
  data: CalculationData,
  clock: Clock,
  laneModel: LaneModelData | null,
  sink: ExplanationSink | null = null,
): CapacityOutcome {
  const calendarOnly = request.isPurchaseOrderDeliveryDateRequest === true;
  const scope = requestScope(
    snapshot,
    { purchaseDate: request.purchaseDate, isLastRoute: request.isLastRoute, calendarOnly, laneModel },
    clock,
  );
  if (!('snapshot' in scope))
    return { kind: 'invalid', errors: [{ field: scope.field, message: 'must be a date YYYY-MM-DD' }] };
  const counters = new CounterBook(snapshot, data.counters, calendarOnly);
  const search = new PathDateSearch(scope, counters);
  if (sink !== null) sink.scope = scope;
  const recorder = sink === null ? null : new ExplanationRecorder(scope, counters, search, 1);
  const lines = linesOf(scope, request.items, search, recorder);
  if (sink !== null) {
    const groups = new Set(lines.flatMap((line) => ('group' in line ? [line.group] : [])));
    sink.groups = [...groups].flatMap((group) =>
      group.explanation === undefined
        ? []
        : [
            {
              ...group.explanation,
              validUntil: explainedValidity(
                snapshot.settings.timezone,
                validityOf(search, group, 1),
                scope.instant,
                snapshot.nodeByCode,
              ),
            },
          ],
    );
  }
  const env: TraceEnvironment = {
    timeZone: snapshot.settings.timezone,
    purchase: scope.purchase,
    counters,
    search,
  };
  const traces = new Map<GroupEvaluation, DeliveryTraceResponse[]>();
  const traceOf = (group: GroupEvaluation, listed: ListedPath): DeliveryTraceResponse[] => {
    let trace = traces.get(group);
    if (trace === undefined) traces.set(group, (trace = deliveryTraceOf(env, listed, group.units)));
    return trace;
  };
  const validities = new Map<GroupEvaluation, string | null>();
  const validUntilOf = (group: GroupEvaluation): string | null => {
    let validUntil = validities.get(group);
    if (validUntil === undefined)
      validities.set(
        group,
        (validUntil = formatValidity(env.timeZone, validityOf(search, group, 1), scope.instant)),
      );
    return validUntil;
  };
  return {
    kind: onlyRoutesMissing(
      lines.map((line) => ('group' in line ? (line.group.error?.details ?? []) : line.details)),
    )
      ? 'routesNotFound'
      : 'ok',
    layout: 'B',
    response: lines.map((line) => lineResponseOf(line, traceOf, validUntilOf)),
  };
}

function linesOf(
  scope: RequestScope,
  items: readonly DispatchItemRequest[],
  search: PathDateSearch,
  recorder: ExplanationRecorder | null,
): Line[] {
  const { snapshot } = scope;
  const groups = new Map<string, PreparedItem<DispatchItemRequest>[]>();
  const prepared = items.map((item, index) => prepareItem(item, index, item.origin));
  const lineErrors = prepared.map((item): DetailedCapacityErrorDetail[] | null => {
    const origin = item.origin === null ? undefined : snapshot.nodeByCode.get(item.origin);
    if (origin === undefined) return [detail('ROUTE_NOT_EXIST', `unknown origin ${item.request.origin}`)];
    if (origin.type !== item.request.entityType) {
      return [
        detail(
          'CAPACITY_REQUEST_ERROR',
          `origin ${origin.code} is of type ${origin.type}, not ${item.request.entityType}`,
        ),
      ];
    }
    const { dispatchType, deliveryMode, zone, destination, saleChannel } = item.request;
    // lines kept at different confidences (their sale channels') are answered apart
    const confidence = requestedConfidence(snapshot.settings, saleChannel, null);
    const key = JSON.stringify([origin.code, dispatchType, deliveryMode, zone, destination, confidence]);
    const members = groups.get(key);
    if (members === undefined) groups.set(key, [item]);
    else members.push(item);
    return null;
  });
  const evaluated = new Map<PreparedItem, GroupEvaluation>();
  for (const members of groups.values()) {
    const first = members[0].request;
    const mode = first.deliveryMode;
    const destination: Destination =
      mode === 'STORE_WITHDRAWAL'
        ? namedPickup(snapshot, first.destination ?? '', null)
        : zoneDestination(scope, first.zone);
    const group = evaluateGroup(
      { scope, search, stock: null, dispatchType: first.dispatchType ?? 'NORMAL', recorder },
      {
        originCode: first.origin,
        origin: snapshot.nodeByCode.get(first.origin) ?? null,
        mode,
        destination,
        items: members,
        checkStock: false,
        confidence: requestedConfidence(snapshot.settings, first.saleChannel, null),
      },
    );
    for (const member of members) evaluated.set(member, group);
  }
  return prepared.map((item, index) => {
    const details = lineErrors[index];
    return details === null ? { item, group: evaluated.get(item) as GroupEvaluation } : { item, details };
  });
}

/** E3.1 for layout B: the item's zone decides (`destination` is only echoed). */
function zoneDestination(scope: RequestScope, code: string | null | undefined): Destination {
  const zone = code == null ? undefined : scope.snapshot.zoneByCode.get(code);
  if (zone === undefined) {
    return {
      kind: 'unresolved',
      mode: 'HOME_DELIVERY',
      code: code ?? null,
      zone: code ?? null,
      description: `unknown zone ${code ?? ''}`,
    };
  }
  return { kind: 'zone', mode: 'HOME_DELIVERY', code: zone.code, target: { zone }, zone };
}

function detail(
  errorCode: DetailedCapacityErrorDetail['errorCode'],
  description: string,
): DetailedCapacityErrorDetail {
  return { errorCode, description, sku: null, requestedQuantity: null, availableQuantity: null };
}

/** One answer line; the lines of a group share its trace entries. */
function lineResponseOf(
  line: Line,
  traceOf: (group: GroupEvaluation, listed: ListedPath) => DeliveryTraceResponse[],
  validUntilOf: (group: GroupEvaluation) => string | null,
): DeliveryDateLineResponse {
  const request = line.item.request;
  const echo = { skuCode: request.skuCode ?? null, line: request.line ?? null };
  const group = 'group' in line ? line.group : null;
  const best = group !== null && group.error === null ? group.ranked[0] : null;
  if (group === null || best === null) {
    const details =
      group === null
        ? (line as { details: DetailedCapacityErrorDetail[] }).details
        : (group.error?.details ?? []);
    return {
      ...echo,
      processingDays: null,
      leadTimes: [],
      pickingDate: null,
      deliveryDates: [],
      deliveryTrace: [],
      message: details.map((d) => d.description).join('; '),
      validUntil: group === null ? null : validUntilOf(group),
    };
  }
  const promise = groupPromise(group);
  return {
    ...echo,
    processingDays: best.path.origin.processingDays,
    leadTimes: best.path.legs.map((leg) => leg.leadTimeDays),
    pickingDate: formatDate(best.pickingDate),
    deliveryDates: best.deliveryDates.map(formatDate),
    deliveryTrace: traceOf(group, best),
    message: 'OK',
    validUntil: validUntilOf(group),
    ...(promise === null ? {} : { promiseConfidence: promiseConfidenceOf(promise) }),
  };
}
