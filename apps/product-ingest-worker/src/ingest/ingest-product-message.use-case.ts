import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  ProductMessageValidator,
  type Product,
  type ProductBatchMessage,
  type ProductManifestMessage,
} from '@delivery/contracts/messages';
import type { PreparedProducts, UploadSummary } from '@delivery/products-domain';
import { DatabaseOutageMonitor } from './database-outage.monitor';
import type { IngestOutcome, IngestProductMessageCommand } from './ingest-product-message.command';
import { IngestMetrics } from './ingest.metrics';
import { newestPerCode } from './newest-per-code';
import { PRODUCT_STORE, type ProductStore } from './product-store.port';

/** A batch read into the column arrays its statements send (`prepare`). */
export interface PreparedBatch {
  /** Products in the message, duplicates included. */
  readonly received: number;
  /** Products identical to their stored row: not written. */
  readonly unchanged: number;
  /** The others. */
  readonly products: PreparedProducts;
}

export interface BatchOutcome {
  /** false: this message had already been settled (a redelivery); nothing was written. */
  readonly applied: boolean;
  readonly persisted: number;
  /** Identical to the stored product: nothing written. */
  readonly unchanged: number;
  readonly skippedStale: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * P3: one consumed message. The body is validated again (a queue message is input like any other); a message
 * that does not match its schema is recorded as failed and answered `invalid` (the consumer dead-letters it at once);
 * a valid one is written in one transaction and acked only after commit (the transport acks when this resolves).
 * A failure is retried with back-off by the transport; when it says Postgres is down, consumption pauses.
 *
 * P3.1/P3.2, a batch: de-duplicated (per productCode the newest dateUpdate wins, ties the later one; the others
 * count as skipped), products identical to their stored row set aside as unchanged (one indexed read, before any
 * transaction or lock), then in one transaction the message is claimed, the others upserted (children replaced)
 * and the upload's counters moved — committed together, so the message is acked only after commit.
 */
@Injectable()
export class IngestProductMessageUseCase {
  private readonly logger = new Logger(IngestProductMessageUseCase.name);

  constructor(
    private readonly validator: ProductMessageValidator,
    @Inject(PRODUCT_STORE) private readonly store: ProductStore,
    private readonly outage: DatabaseOutageMonitor,
    private readonly metrics: IngestMetrics,
  ) {}

  async execute(command: IngestProductMessageCommand): Promise<IngestOutcome> {
    const check = this.validator.check(command.body);
    try {
      if (!check.ok) await this.recordFailure(command, check.reason);
      else if (check.message.kind === 'manifest') await this.writeManifest(check.message);
      else await this.writeBatch(check.message);
    } catch (error) {
      this.outage.report(error);
      throw error;
    }
    return check.ok ? { valid: true } : { valid: false, reason: check.reason };
  }

  private async writeManifest(message: ProductManifestMessage): Promise<void> {
    const started = performance.now();
    const upload = summaryOf(message);
    await this.store.transaction(async (steps) => {
      if ((await steps.claim(upload.processCode, 0, 0)) === 'done') return;
      await steps.recordManifest(upload, message.receivedAt, message.errors, message.warnings);
    });
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
    const batch = await this.prepare(message.products);
    // The message stays referenced until this handler returns (Nest keeps its arguments), but its products are
    // not needed any more: let them go now instead of carrying them through garbage collections while the
    // transaction runs (the copies every young-generation collection makes of live objects were the worker's
    // biggest cost).
    message.products.length = 0;
    const outcome = await this.write(summaryOf(message), message.batchIndex, batch);
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

  /**
   * A batch's products de-duplicated and those identical to their stored row set aside, the others read into the
   * column arrays the statements send: the product objects are not needed after this.
   */
  async prepare(batch: readonly Product[]): Promise<PreparedBatch> {
    const unique = newestPerCode(batch);
    const hashes = unique.map((product) => this.store.contentHash(product));
    const state = await this.store.storedState(
      unique.map((p) => p.productCode),
      hashes,
    );
    const toWrite = unique.map((_, i) => i).filter((i) => state.get(unique[i].productCode) !== true);
    return {
      received: batch.length,
      unchanged: unique.length - toWrite.length,
      products: this.store.prepare(
        toWrite.map((i) => unique[i]),
        toWrite.map((i) => hashes[i]),
        state,
      ),
    };
  }

  /** One transaction: claim the message, upsert its products, record the result. */
  write(upload: UploadSummary, batchIndex: number, prepared: PreparedBatch): Promise<BatchOutcome> {
    return this.store.transaction(async (steps) => {
      const claim = await steps.claim(upload.processCode, batchIndex, prepared.received);
      if (claim === 'done') return { applied: false, persisted: 0, unchanged: 0, skippedStale: 0 };
      const { unchanged } = prepared;
      const written = await steps.upsert(upload.processCode, prepared.products);
      const result = {
        persisted: written.size,
        unchanged,
        skippedStale: prepared.received - written.size - unchanged,
      };
      await steps.recordBatch(upload, batchIndex, result);
      return { applied: true, ...result };
    });
  }

  /** Known from the headers only; without a usable process code the dead letter itself is the record. */
  private async recordFailure(command: IngestProductMessageCommand, reason: string): Promise<void> {
    const { messageId, processCode = '', batchIndex, batchCount, productCount } = command;
    if (!UUID.test(processCode)) {
      this.logger.error(`message ${messageId ?? '?'} without a valid processCode header: ${reason}`);
      return;
    }
    await this.store.transaction((steps) =>
      steps.recordFailure({ processCode, batchIndex, batchCount, products: productCount, reason }),
    );
    this.logger.error(`message ${messageId ?? '?'} is invalid and recorded as failed: ${reason}`);
  }
}

function summaryOf(message: ProductManifestMessage | ProductBatchMessage): UploadSummary {
  const { processCode, received, accepted, rejected, batchCount } = message;
  return { processCode, received, accepted, rejected, batchCount };
}
