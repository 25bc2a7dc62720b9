import { exampleProduct, LoadProductsMessages, ProductValidator } from '@delivery/contracts';
import { ApiError, LogContext, MetricsService } from '@delivery/platform';
import { LoadProductsBodyPipe } from './load-products-body.pipe';
import { UploadProductsUseCase } from './upload-products.use-case';
import type { UploadPublisher, ValidatedUpload } from './upload-publisher.port';
import { UploadMetrics } from './upload.metrics';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The publisher port in memory: every upload handed to it, or a failure. */
class FakeUploadPublisher implements UploadPublisher {
  readonly published: ValidatedUpload[] = [];
  failure: Error | null = null;
  async publish(upload: ValidatedUpload): Promise<void> {
    if (this.failure !== null) throw this.failure;
    this.published.push(upload);
  }
}

/** The products of a body as the controller's pipe hands them over. */
const uploaded = (products: unknown[]) => new LoadProductsBodyPipe().transform({ products });

describe('UploadProductsUseCase', () => {
  let publisher: FakeUploadPublisher;
  let upload: UploadProductsUseCase;
  const assigned: Record<string, unknown>[] = [];
  beforeEach(() => {
    publisher = new FakeUploadPublisher();
    assigned.length = 0;
    const logContext = { assign: (fields: Record<string, unknown>) => assigned.push(fields) };
    upload = new UploadProductsUseCase(
      new ProductValidator('America/Lima'),
      publisher,
      new UploadMetrics(new MetricsService()),
      logContext as unknown as LogContext,
    );
  });

  it('publishes the accepted products and the rejected ones under a new process code, then answers the counts', async () => {
    const products = [exampleProduct(1), exampleProduct(2, { price: -1 }), exampleProduct(3)];
    const answer = await upload.execute(await uploaded(products));
    expect(answer).toEqual({ processCode: expect.stringMatching(UUID), accepted: 2, rejected: 1 });
    expect(publisher.published).toHaveLength(1);
    const [published] = publisher.published;
    expect(published).toMatchObject({ processCode: answer.processCode, received: 3, accepted: [0, 2] });
    expect(published.rejected.map(({ index, productCode }) => [index, productCode])).toEqual([
      [1, 'P-000002'],
    ]);
    expect(published.product(2)).toEqual(products[2]);
    expect(assigned).toEqual([{ processCode: answer.processCode }]);
  });

  it('publishes nothing when every product is rejected: 400 VALIDATION_ERROR', async () => {
    const error = await upload
      .execute(await uploaded([exampleProduct(1, { price: -1 })]))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect(publisher.published).toEqual([]);
  });

  it('answers 500 PUBLISH_FAILED with the contract message when the upload cannot be published', async () => {
    publisher.failure = new Error('confirm timed out');
    const error = await upload.execute(await uploaded([exampleProduct(1)])).catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 500,
      code: 'PUBLISH_FAILED',
      message: LoadProductsMessages.publishFailed,
      exposeMessage: true,
    });
  });
});
