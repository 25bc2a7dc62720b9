import { Inject, Injectable, Logger } from '@nestjs/common';
import type {
  ProductBatchMessage,
  ProductManifestMessage,
  ProductMessageValidator,
} from '@delivery/contracts';
import {
  describeError,
  headerInt,
  headerString,
  PermanentMessageError,
  type DeliveredMessage,
} from '@delivery/messaging';
import type { ProductBatchWriter } from '@delivery/persistence';
import { DatabaseOutageMonitor } from './database-outage.monitor';
import { IngestMetrics } from './ingest.metrics';

export const INGEST_PORTS = Symbol('INGEST_PORTS');
export interface IngestPorts {
  readonly validator: ProductMessageValidator;
  readonly writer: ProductBatchWriter;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * P3: one consumed message. The body is validated again (a queue message is input like any other); a message
 * that does not match its schema is recorded as failed and dead-lettered at once (`PermanentMessageError`); a
 * valid one is written in one transaction and acked only after commit (the transport acks when this resolves).
 * A failure is retried with back-off by the transport; when it says Postgres is down, consumption pauses.
 */
@Injectable()
export class IngestProductMessageUseCase {
  private readonly logger = new Logger(IngestProductMessageUseCase.name);

  constructor(
    @Inject(INGEST_PORTS) private readonly ports: IngestPorts,
    private readonly outage: DatabaseOutageMonitor,
    private readonly metrics: IngestMetrics,
  ) {}

  async execute(body: unknown, delivery: DeliveredMessage): Promise<void> {
    const check = this.ports.validator.check(body);
    try {
      if (!check.ok) await this.recordFailure(delivery, check.reason);
      else if (check.message.kind === 'manifest') await this.writeManifest(check.message);
      else await this.writeBatch(check.message);
    } catch (error) {
      this.outage.report(error);
      throw error;
    }
    if (!check.ok) throw new PermanentMessageError(check.reason);
  }

  private async writeManifest(message: ProductManifestMessage): Promise<void> {
    const started = performance.now();
    await this.ports.writer.writeManifest(
      summaryOf(message),
      message.receivedAt,
      message.errors,
      message.warnings,
    );
    const seconds = (performance.now() - started) / 1000;
    this.metrics.recordBatch('manifest', seconds, { persisted: 0, unchanged: 0, skippedStale: 0 });
    this.logger.log({
      msg: `manifest of ${message.processCode} recorded in ${Math.round(seconds * 1000)} ms`,
      batchCount: message.batchCount,
      ms: Math.round(seconds * 1000),
    });
  }

  private async writeBatch(message: ProductBatchMessage): Promise<void> {
    const started = performance.now();
    const batch = await this.ports.writer.prepareBatch(message.products);
    // The message stays referenced until this handler returns (Nest keeps its arguments), but its products are
    // not needed any more: let them go now instead of carrying them through garbage collections while the
    // transaction runs (the copies every young-generation collection makes of live objects were the worker's
    // biggest cost).
    message.products.length = 0;
    const outcome = await this.ports.writer.writeBatch(summaryOf(message), message.batchIndex, batch);
    const ms = Math.round(performance.now() - started);
    this.metrics.recordBatch('batch', ms / 1000, outcome);
    const { persisted, unchanged, skippedStale } = outcome;
    const name = `batch ${message.processCode}:${message.batchIndex}/${message.batchCount}`;
    this.logger.log({
      msg: outcome.applied
        ? `${name}: ${persisted} persisted, ${unchanged} unchanged, ${skippedStale} skipped as stale, 0 failed in ${ms} ms`
        : `${name} was already written (${ms} ms)`,
      persisted,
      unchanged,
      skippedStale,
      failed: 0,
      ms,
    });
  }

  /** Known from the headers only; without a usable process code the dead letter itself is the record. */
  private async recordFailure(delivery: DeliveredMessage, reason: string): Promise<void> {
    const processCode = headerString(delivery.headers, 'processCode') ?? '';
    if (!UUID.test(processCode)) {
      this.logger.error(`message ${delivery.messageId ?? '?'} without a valid processCode header: ${reason}`);
      return;
    }
    await this.ports.writer.recordFailure({
      processCode,
      batchIndex: headerInt(delivery.headers, 'batchIndex'),
      batchCount: headerInt(delivery.headers, 'batchCount'),
      products: headerInt(delivery.headers, 'productCount'),
      reason,
    });
    this.logger.error(
      `message ${delivery.messageId ?? '?'} is invalid and recorded as failed: ${describeError(reason)}`,
    );
  }
}

function summaryOf(message: ProductManifestMessage | ProductBatchMessage) {
  const { processCode, received, accepted, rejected, batchCount } = message;
  return { processCode, received, accepted, rejected, batchCount };
}
