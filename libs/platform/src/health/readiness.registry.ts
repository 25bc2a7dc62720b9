import { Injectable } from '@nestjs/common';

/** A dependency readiness depends on: resolves when usable, rejects (with a reason) when not. */
export type ReadinessCheck = () => Promise<void>;

/**
 * Readiness checks registered by the modules that own the dependencies (Postgres by persistence, RabbitMQ by
 * messaging, the configuration snapshot by capacity-service), so the platform needs to know none of them.
 */
@Injectable()
export class ReadinessRegistry {
  private readonly checks = new Map<string, ReadinessCheck>();

  register(name: string, check: ReadinessCheck): void {
    this.checks.set(name, check);
  }

  entries(): [string, ReadinessCheck][] {
    return [...this.checks.entries()];
  }
}
