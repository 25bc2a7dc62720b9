import { Controller, UseFilters } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import {
  MessageContext,
  MessageErrorPassthroughFilter,
  PRODUCT_TOPOLOGY_DEFAULTS,
} from '@delivery/messaging';
import { IngestProductMessageUseCase } from './ingest-product-message.use-case';

/**
 * `product.batch` messages (manifests and batches) of the `product-ingest.batches` queue. Errors reach the
 * transport as they are, so retry and dead-letter headers carry the real reason.
 */
@Controller()
@UseFilters(MessageErrorPassthroughFilter)
export class ProductBatchConsumer {
  constructor(private readonly ingest: IngestProductMessageUseCase) {}

  @EventPattern(PRODUCT_TOPOLOGY_DEFAULTS.routingKey)
  handle(@Payload() body: unknown, @Ctx() context: MessageContext): Promise<void> {
    return this.ingest.execute(body, context.getMessage());
  }
}
