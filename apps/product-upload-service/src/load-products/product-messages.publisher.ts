import { Messaging } from '@delivery/messaging';
import { productTopology } from '@delivery/products-data-access';
import { productMessages, type MessageRoute } from './product-messages.builder';
import type { UploadPublisher, ValidatedUpload } from './upload-publisher.port';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The upload's messages on the `products` exchange with publisher confirms (the upload port's adapter). Each
 * message is published as soon as it is serialised, and the event loop gets a turn between messages, so confirms of
 * the first batches arrive while the next are serialised; every confirm is awaited before `publish` resolves.
 */
export class ProductMessagesPublisher implements UploadPublisher {
  private readonly route: MessageRoute = (({ exchange, routingKey }) => ({ exchange, routingKey }))(
    productTopology().names,
  );

  constructor(
    private readonly messaging: Messaging,
    private readonly batchSize: number,
  ) {}

  async publish(upload: ValidatedUpload): Promise<void> {
    const confirms: Promise<void>[] = [];
    for (const message of productMessages(upload, this.route, this.batchSize)) {
      const confirmed = this.messaging.publisher.publishBatch([message]);
      confirmed.catch(() => undefined); // observed by Promise.all below
      confirms.push(confirmed);
      await nextTurn();
    }
    await Promise.all(confirms);
  }
}
