import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import type { Clock } from '@delivery/capacity-domain';
import { RESERVATION_AT_RISK_SCHEMA_VERSION, type ReservationAtRiskMessage } from '@delivery/contracts';
import type { ReservationEventsTopology } from '@delivery/capacity-data-access';
import { AmqpMessaging, type OutgoingMessage } from '@delivery/messaging';
import { CLOCK } from '../snapshot';
import { RESERVATION_RISKS, type ReservationRiskStore, type StoredRisk } from './reservation-risk-store.port';

/** Where `reservation.at-risk` events go; no URL: none are published (they wait in the outbox). */
export interface ReservationEventsSettings {
  readonly url: string | null;
  readonly topology: ReservationEventsTopology;
}

export const RESERVATION_EVENTS_SETTINGS = Symbol('RESERVATION_EVENTS_SETTINGS');

/** Events per confirmed batch. */
const BATCH = 100;

/**
 * Publishes the outbox of `reservation.at-risk` events (docs/reservations.md, "Events") with publisher confirms: a
 * batch is marked published only once the broker confirmed every message of it, so an event is sent at least once
 * (a consumer de-duplicates on the message id). Without a broker connection, or on any failure, the rows stay for
 * the next drain. The connection is this feature's own and is not part of readiness: calculations do not wait for
 * the broker.
 */
@Injectable()
export class ReservationRiskEvents implements OnApplicationShutdown {
  private readonly messaging: AmqpMessaging | null;

  constructor(
    @Inject(RESERVATION_EVENTS_SETTINGS) private readonly settings: ReservationEventsSettings,
    @Inject(RESERVATION_RISKS) private readonly risks: ReservationRiskStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.messaging =
      settings.url === null
        ? null
        : new AmqpMessaging({
            url: settings.url,
            connectionName: 'capacity-service reservation events',
            topology: settings.topology.definition,
          });
    this.messaging?.start().catch(() => undefined); // keeps reconnecting; a drain waits for the next tick
  }

  /** Publishes what the outbox holds, batch after batch; the number published. */
  async drain(): Promise<number> {
    const messaging = this.messaging;
    if (messaging === null || !messaging.isReady()) return 0;
    let published = 0;
    for (;;) {
      const count = await this.risks.publishPending(BATCH, this.clock.now(), (rows) =>
        messaging.publisher.publishBatch(rows.map((row) => this.message(row))),
      );
      published += count;
      if (count < BATCH) return published;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.messaging?.close();
  }

  private message(risk: StoredRisk): OutgoingMessage {
    const body: ReservationAtRiskMessage = {
      schemaVersion: RESERVATION_AT_RISK_SCHEMA_VERSION,
      configurationVersion: risk.version,
      identifier: risk.identifier,
      status: risk.status === 'CONFIRMED' ? 'CONFIRMED' : 'HELD',
      reason: risk.reason,
      step: risk.step,
      node: risk.node,
      selection: { ...risk.selection, deliveryWindow: risk.selection.deliveryWindow ?? null },
      earliestPromise: risk.earliestPromise,
    };
    return {
      exchange: this.settings.topology.names.exchange,
      routingKey: this.settings.topology.names.routingKey,
      content: Buffer.from(JSON.stringify(body)),
      messageId: `reservation-at-risk:${risk.version}:${risk.identifier}`,
      contentType: 'application/json',
    };
  }
}
