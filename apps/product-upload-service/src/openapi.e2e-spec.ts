import * as fs from 'node:fs';
import * as path from 'node:path';
import request from 'supertest';
import { loadProductsRequestSchema, toOpenApiSchema } from '@delivery/contracts';
import { startUploadTestApp, UploadTestApp } from './testing/upload-test-app';
import { buildUploadOpenApi, OPENAPI_FILE } from './upload.openapi';

/**
 * The committed OpenAPI document (apps/product-upload-service/openapi.json) is the one the app generates and
 * serves. When this fails, the API changed: run `npx nx run product-upload-service:openapi` and review the diff.
 */
describe('OpenAPI document', () => {
  let t: UploadTestApp;
  const committed = () =>
    JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../..', OPENAPI_FILE), 'utf8'));

  beforeAll(async () => {
    t = await startUploadTestApp();
  });
  afterAll(() => t.close());

  it('the committed file is what the app generates', async () => {
    expect(await buildUploadOpenApi()).toEqual(committed());
  });

  it('the committed file is what the app serves at {base}/docs-json', async () => {
    const served = await request(t.app.getHttpServer()).get('/product-upload/v1/docs-json');
    expect([served.status, served.body]).toEqual([200, committed()]);
  });

  it('the upload body is the validator schema itself, with examples; every answer is documented', () => {
    const document = committed();
    const upload = document.paths['/product-upload/v1/load-products'].post;
    const body = upload.requestBody.content['application/json'];
    expect(body.schema).toEqual(toOpenApiSchema(loadProductsRequestSchema));
    expect(Object.keys(body.examples)).toEqual(['two products', 'one invalid product']);
    expect(Object.keys(upload.responses).sort()).toEqual(['200', '400', '401', '403', '413', '415', '500']);
    const status = document.paths['/product-upload/v1/load-products/{processCode}'].get;
    expect(Object.keys(status.responses).sort()).toEqual(['200', '400', '401', '403', '404']);
    expect(Object.keys(document.components.securitySchemes)).toEqual(['bearer']);
  });
});
