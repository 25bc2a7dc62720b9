/**
 * @delivery/capacity-domain: the pure capacity engine (docs/algorithm.md) and its configuration model
 * (docs/configuration.md). No framework, no I/O, no system clock.
 */
export { businessDate, type Clock } from './calendar/business-time';
export { oneInstance } from './shared/one-instance';
export type { Weekday } from './calendar/calendar';
export { formatDate, parseDate, WEEKDAYS } from './calendar/calendar';

export type {
  CapacityOverrideDocument,
  ConfigurationDocument,
  ConfigurationProblem,
  CounterScope,
  DeliveryWindowDocument,
  DispatchType,
  NodeDocument,
  NodeType,
  RouteDocument,
  RouteMode,
  SettingsDocument,
  StockRow,
  UsageRow,
  ZoneDocument,
} from './configuration/configuration-document.types';
export {
  COUNTER_SCOPES,
  DISPATCH_TYPES,
  NODE_TYPES,
  ROUTE_MODES,
} from './configuration/configuration-document.types';
export type {
  ConfigurationResult,
  ParsedConfiguration,
  ValidatedConfiguration,
} from './configuration/configuration.parser';
export {
  parseConfiguration,
  parseConfigurationInSlices,
  validateConfigurationInSlices,
} from './configuration/configuration.parser';
export { eachInSlices, runAtOnce, runInSlices } from './configuration/slices';
export type { Pacer, Steps } from './configuration/slices';
export { snapshotToDocument, snapshotToDocumentInSlices } from './configuration/configuration.exporter';
export { diffConfigurations, noChanges } from './configuration/configuration.diff';
export {
  firstPromise,
  promiseChange,
  representativeRequests,
  summarizeImpact,
} from './configuration/promise-impact';
export type {
  ImpactRequest,
  PromiseChange,
  PromiseEffect,
  PromiseImpact,
} from './configuration/promise-impact';
export type {
  ConfigurationChanges,
  EntryChange,
  FieldChange,
  SectionChanges,
} from './configuration/configuration.diff';
export type {
  CounterModel,
  NodeModel,
  RouteModel,
  Snapshot,
  WindowModel,
  ZoneModel,
} from './configuration/snapshot';

export type * from './request/capacity-request.types';
export { detectLayout, isLayoutA } from './request/capacity-request.types';
export type * from './request/capacity-response.types';
export type * from './request/calculation-data.types';
export { NO_DATA } from './request/calculation-data.types';

export type { RequestProblem } from './engine/business-rules.validator';
export type {
  CapacityOutcome,
  InvalidOutcome,
  LayoutAOutcome,
  LayoutBOutcome,
} from './engine/capacity-outcome';
export { ROUTES_NOT_FOUND_CODE, ROUTES_NOT_FOUND_MESSAGE } from './engine/capacity-outcome';
export type { CounterPlanEntry, DatePlan, GroupPlan, WindowPlanEntry } from './engine/counter-plan.builder';
export type { ExplainedOutcome } from './engine/capacity-engine';
export { calculate, explain, planReads } from './engine/capacity-engine';
export type * from './engine/explanation.types';
export type {
  CounterDayUsage,
  UsageData,
  UsageFilter,
  UsageLevels,
  UsagePage,
  UsageRange,
} from './usage/counter-usage';
export {
  counterUsage,
  UsagePlan,
  DEFAULT_USAGE_DAYS,
  MAX_USAGE_DAYS,
  USAGE_LEVELS,
  usageLevels,
  usageRange,
} from './usage/counter-usage';
export type { UsedUnitsRow } from './usage/used-units';
export { UsedUnits } from './usage/used-units';
export { earliestPromise } from './reservations/earliest-promise';
export type { EarliestPromise, GroupKey } from './reservations/earliest-promise';
export { dateNotReached, MISFIT_REASONS, planMisfit, planTimingChanged } from './reservations/plan-fit';
export type { MisfitReason, PlanMisfit, PlannedStep } from './reservations/plan-fit';
export { capacityOn, counterKey, overrunCounters, takersOver } from './reservations/counter-overrun';
export type { CounterLoad, CounterTaker } from './reservations/counter-overrun';
