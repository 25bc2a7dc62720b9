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
export { eachInSlices, runAtOnce, runInSlices, sortInSlices } from './shared/slices';
export type { Pacer, Steps } from './shared/slices';
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

export type {
  StoredConfiguration,
  VersionHow,
  VersionProvenance,
  VersionRecord,
} from './configuration/configuration-version';
export { VERSION_HOWS } from './configuration/configuration-version';

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
export { calculate, explain, planGroups, planReads } from './engine/capacity-engine';
export type * from './engine/explanation.types';
export type { UsagePage } from './usage/counter-usage';
export { counterUsage } from './usage/counter-usage';
export type { UsageLevels } from './usage/usage-levels';
export { USAGE_LEVELS, usageLevels } from './usage/usage-levels';
export type { UsageFilter } from './usage/usage-plan';
export { UsagePlan } from './usage/usage-plan';
export type { UsageRange } from './usage/usage-range';
export { DEFAULT_USAGE_DAYS, MAX_USAGE_DAYS, usageRange } from './usage/usage-range';
export type { ReservationTake, UsageMark, UsageRead, UsageReadRequest } from './usage/usage-read';
export type { CounterDayUsage } from './usage/usage-rules';
export type { UsageData, UsedUnitsRow } from './usage/used-units';
export type {
  CounterTake,
  FullCounter,
  NewReservation,
  PlannedCounter,
  ReservationRecord,
  ReservationSelection,
  ReservationStatus,
  ReservedSelection,
  ReserveResult,
  WindowHours,
} from './reservation/reservation.model';
export { RESERVATION_STATUSES } from './reservation/reservation.model';
export { isHoldExpired, isHolding, type HoldState } from './reservation/reservation-holding';
export type { ReservationPlan, SelectionProblem } from './reservation/reservation.plan';
export { fullSelections, planReservation } from './reservation/reservation.plan';
export { pastStep, placedFrom } from './reservation/promise-today';
export type { PlanStep } from './reservation/promise-today';
export type { MoveResult, ReservationMove } from './reservation/reservation.move';
export type {
  HoldingReservation,
  RiskFilter,
  RiskRecord,
  StoredRisk,
} from './reservation/reservation-risk.model';
export { UsedUnits } from './usage/used-units';
export { earliestPromise } from './reservation/earliest-promise';
export type { EarliestPromise, GroupKey } from './reservation/earliest-promise';
export { dateNotReached, MISFIT_REASONS, planMisfit } from './reservation/plan-fit';
export { PlanChanges } from './reservation/plan-changes';
export { ReservationFit } from './reservation/reservation-fit';
export type { CheckedReservation, FoundRisks, ReservationRisk } from './reservation/reservation-fit';
export type { MisfitReason, PlanMisfit, PlannedStep } from './reservation/plan-fit';
export { capacityOn, counterKey, overrunCounters, takersOver } from './reservation/counter-overrun';
export type { CounterKey, CounterLoad, CounterOverrun, CounterTaker } from './reservation/counter-overrun';

export type {
  OutcomeEvent,
  OutcomeEventType,
  PromiseOutcome,
  PromisePlan,
  PromiseState,
  SlippedStep,
} from './outcomes/promise-outcome';
export { evaluatePromise, OUTCOME_EVENT_TYPES, SLIPPED_STEPS } from './outcomes/promise-outcome';
export type { AccuracyCounts, AccuracyRates, LateDays } from './outcomes/promise-accuracy';
export { accuracyRates, addCounts, byWorstOnTime } from './outcomes/promise-accuracy';
export type { DelayCount, LeadTimeSuggestion } from './outcomes/lead-time-suggestion';
export { MAX_LEAD_TIME_CHANGE_DAYS, suggestLeadTimeChange } from './outcomes/lead-time-suggestion';
export type {
  AccuracyGroupRecord,
  AccuracyGrouping,
  AccuracyQuery,
  EvaluatedPromise,
  OutcomeEventRecord,
  PromiseEvidence,
  PromiseKey,
  RouteDelays,
  StoredEvents,
} from './outcomes/outcome.model';
export { ACCURACY_GROUPINGS } from './outcomes/outcome.model';
export type { RouteOnTime, RoutePath } from './outcomes/route-on-time';
export { laneOf } from './outcomes/route-on-time';
export type {
  Backtest,
  BacktestFigures,
  BacktestLane,
  BacktestRates,
  RecordedPromise,
  ReplayedPromise,
} from './outcomes/promise-backtest';
export { BacktestTallies, daysAsInstants, replayRequest } from './outcomes/promise-backtest';

export type {
  LaneEstimateData,
  LaneKey,
  LaneModelData,
  LaneObservation,
  LaneObservationGroup,
  LearningSettings,
  PoolingLevel,
  PromiseProbability,
} from './learning/lane-model.types';
export { CONFIDENCE_LEVELS, CONFIDENCE_MAX, CONFIDENCE_MIN } from './learning/lane-model.types';
export { buildLaneModel, buildLaneModelInSlices } from './learning/lane-model.builder';
export { LaneModelMemo } from './learning/lane-model.memo';
export { laneEstimate, laneKeyOf, onTimeAt, ownAt } from './learning/lane-estimate';
export { bufferAt, confidenceLevel } from './learning/promise-buffer';
export type {
  CalibrationBucket,
  CalibrationFigures,
  CalibrationLane,
  CalibrationRow,
  CalibrationTotal,
} from './learning/calibration';
export {
  CALIBRATION_BUCKETS,
  calibrationBucket,
  calibrationBucketLabel,
  calibrationBuckets,
  calibrationLanes,
  calibrationTotal,
} from './learning/calibration';
