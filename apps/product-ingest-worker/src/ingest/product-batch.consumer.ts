import { Controller, UseFilters } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import {
  headerInt,
  headerString,
  MessageContext,
  MessageErrorPassthroughFilter,
  PermanentMessageError,
} from '@delivery/messaging';
import { PRODUCT_TOPOLOGY_DEFAULTS } from '@delivery/products-data-access';
import { LogContext } from '@delivery/platform';
import { IngestProductMessageUseCase } from './ingest-product-message.use-case';

/**
 * `product.batch` messages (manifests and batches) of the `product-ingest.batches` queue. The headers are read here
 * (the use case takes a command); every line logged while one is handled carries its process code, batch index and
 * message id (and the trace id the publisher sent). A body that does not validate is dead-lettered at once
 * (`PermanentMessageError`); other errors reach the transport as they are, so retry and dead-letter headers carry
 * the real reason.
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
    const { headers, messageId } = context.getMessage();
    const command = {
      body,
      messageId,
      processCode: headerString(headers, 'processCode'),
      batchIndex: headerInt(headers, 'batchIndex'),
      batchCount: headerInt(headers, 'batchCount'),
      productCount: headerInt(headers, 'productCount'),
    };
    const fields = { processCode: command.processCode, batchIndex: command.batchIndex, messageId };
    return this.logContext.run(fields, async () => {
      const outcome = await this.ingest.execute(command);
      if (!outcome.valid) throw new PermanentMessageError(outcome.reason);
    });
  }
}
