import { Controller, UseFilters } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import {
  headerInt,
  headerString,
  MessageContext,
  MessageErrorPassthroughFilter,
  PRODUCT_TOPOLOGY_DEFAULTS,
} from '@delivery/messaging';
import { LogContext } from '@delivery/platform';
import { IngestProductMessageUseCase } from './ingest-product-message.use-case';

/**
 * `product.batch` messages (manifests and batches) of the `product-ingest.batches` queue. Every line logged while
 * one is handled carries its process code, batch index and message id (and the trace id the publisher sent).
 * Errors reach the transport as they are, so retry and dead-letter headers carry the real reason.
 */
@Controller()
@UseFilters(MessageErrorPassthroughFilter)
export class ProductBatchConsumer {
  constructor(
    private readonly ingest: IngestProductMessageUseCase,
    private readonly logContext: LogContext,
  ) {}

  @EventPattern<string>(PRODUCT_TOPOLOGY_DEFAULTS.routingKey)
  handle(@Payload() body: unknown, @Ctx() context: MessageContext): Promise<void> {
    const message = context.getMessage();
    const fields = {
      processCode: headerString(message.headers, 'processCode'),
      batchIndex: headerInt(message.headers, 'batchIndex'),
      messageId: message.messageId,
    };
    return this.logContext.run(fields, () => this.ingest.execute(body, message));
  }
}
