import { RESERVATION_AT_RISK_SCHEMA_VERSION, type ReservationAtRiskMessage } from '@delivery/contracts';
import type { ReservationEventsTopology } from '@delivery/capacity-data-access';
import type { MessagePublisher, OutgoingMessage } from '@delivery/messaging';
import type { ReservationEventPublisher } from './reservation-events.port';
import type { StoredRisk } from './reservation-risk-store.port';

/**
 * `reservation.at-risk` events (docs/reservations.md, "Events") on the reservation events' exchange, through the
 * messaging module's confirm publisher (the events port's adapter). Without a broker (`AMQP_URL` unset) there is no
 * publisher: never ready, the events wait in the outbox. The message id makes an event de-duplicable: it is sent at
 * least once.
 */
export class ReservationAtRiskPublisher implements ReservationEventPublisher {
  constructor(
    private readonly publisher: MessagePublisher | null,
    private readonly topology: ReservationEventsTopology,
  ) {}

  isReady(): boolean {
    return this.publisher?.isReady() ?? false;
  }

  async publish(risks: readonly StoredRisk[]): Promise<void> {
    if (this.publisher === null) throw new Error('no broker: reservation events wait in the outbox');
    await this.publisher.publishBatch(risks.map((risk) => this.message(risk)));
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
      exchange: this.topology.names.exchange,
      routingKey: this.topology.names.routingKey,
      content: Buffer.from(JSON.stringify(body)),
      messageId: `reservation-at-risk:${risk.version}:${risk.identifier}`,
      contentType: 'application/json',
    };
  }
}
