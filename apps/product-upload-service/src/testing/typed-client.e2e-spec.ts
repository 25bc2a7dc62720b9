import { createUploadClient, type Product } from '@delivery/api-client';
import { bearer, mintToken } from '@delivery/auth/testing';
import { exampleProduct } from '@delivery/contracts';
import { PipelineHarness } from './pipeline-harness';

/**
 * product-upload-service through the client generated from its committed OpenAPI document (libs/api-client):
 * uploadProducts answers the documented `processCode` and `Location`, and getUploadStatus reads that status.
 */
describe('product-upload-service through the generated client', () => {
  let h: PipelineHarness;
  let client: ReturnType<typeof createUploadClient>;
  const auth = async () => ({
    Authorization: bearer(await mintToken({ scopes: ['products:write', 'products:read'] })),
  });

  beforeAll(async () => {
    h = await PipelineHarness.start();
    await h.upload.listen(0, '127.0.0.1');
    client = createUploadClient({ baseUrl: await h.upload.getUrl() });
  });
  afterAll(() => h.close());

  it('uploadProducts, then getUploadStatus of its processCode', async () => {
    const products: Product[] = [exampleProduct(1), exampleProduct(2, { price: -1 })];
    const upload = await client.POST('/product-upload/v1/load-products', {
      headers: await auth(),
      body: { products },
    });
    expect([upload.response.status, upload.error]).toEqual([200, undefined]);
    const processCode = upload.data?.processCode ?? '';
    expect(upload.data?.message).toBe(
      `1 products are being processed (1 rejected). Process code: ${processCode}`,
    );
    expect(upload.response.headers.get('location')).toBe(`/product-upload/v1/load-products/${processCode}`);

    await h.settled(processCode); // recorded moments after the answer, then processed by the worker
    const status = await client.GET('/product-upload/v1/load-products/{processCode}', {
      headers: await auth(),
      params: { path: { processCode } },
    });
    expect(status.response.status).toBe(200);
    expect(status.data).toMatchObject({
      processCode,
      status: 'COMPLETED_WITH_ERRORS',
      received: 2,
      accepted: 1,
      rejected: 1,
      persisted: 1,
    });
    expect(status.data?.errors.map((issue) => issue.index)).toEqual([1]);
  });
});
