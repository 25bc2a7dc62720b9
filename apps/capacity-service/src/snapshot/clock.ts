import type { Clock } from '@delivery/capacity-domain';

/** Injection token of the engine's clock (E1.1): the system clock in production, a fixed one in tests. */
export const CLOCK = Symbol('CLOCK');

export const systemClock: Clock = { now: () => new Date() };
