/**
 * Cooperative scheduling: long work (validating and building a configuration, comparing, counting usage) runs in
 * slices, and a pacer lets the event loop turn between them (after about 5 ms of work), so requests keep being
 * answered meanwhile. One pacer per piece of work. The persistence kernel's `eventLoopPacer`, named here so that the
 * features take it from the snapshot module (their use cases import no adapter library).
 */
import type { Pacer } from '@delivery/capacity-domain';
import { eventLoopPacer } from '@delivery/persistence';

export const newPacer: () => Pacer = eventLoopPacer;
