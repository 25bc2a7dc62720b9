import type { CapacityUsageResponse } from '@delivery/contracts';
import type { CapacityUsageResult } from './get-capacity-usage.use-case';

/** The use case's result as the contract's body (the records already have the response's fields). */
export function presentCapacityUsage(result: CapacityUsageResult): CapacityUsageResponse {
  return {
    from: result.from,
    to: result.to,
    timezone: result.timezone,
    configurationVersion: result.configurationVersion,
    page: result.page,
    pageSize: result.pageSize,
    total: result.total,
    items: result.items.map((item) => ({
      scope: item.scope,
      ref: item.ref,
      node: item.node,
      route: item.route,
      window: item.window,
      zone: item.zone,
      date: item.date,
      capacity: item.capacity,
      used: item.used,
      held: item.held,
      free: item.free,
      utilization: item.utilization,
      blocked: item.blocked,
    })),
  };
}
