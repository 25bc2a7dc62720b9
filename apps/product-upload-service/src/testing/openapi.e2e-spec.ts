import * as fs from 'node:fs';
import * as path from 'node:path';
import request from 'supertest';
import { loadProductsRequestSchema, toOpenApiSchema } from '@delivery/contracts';
import { startUploadTestApp, UploadTestApp } from './upload-test-app';
import { buildUploadOpenApi, OPENAPI_FILE } from '../upload.openapi';

/**
 * The committed OpenAPI document (apps/product-upload-service/openapi.json) is the one the app generates and
 * serves. When this fails, the API changed: run `npx nx run product-upload-service:openapi` and review the diff.
 */
describe('OpenAPI document', () => {
  let t: UploadTestApp;
  const committed = () =>
    JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../..', OPENAPI_FILE), 'utf8'));

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

  it('the upload body is the validator schema itself, in named parts, with examples; every answer is documented', () => {
    const document = committed();
    const upload = document.paths['/product-upload/v1/load-products'].post;
    const body = upload.requestBody.content['application/json'];
    expect(body.schema).toEqual({ $ref: '#/components/schemas/LoadProductsRequest' });
    const resolve = (schema: unknown): unknown => {
      if (Array.isArray(schema)) return schema.map(resolve);
      if (typeof schema !== 'object' || schema === null) return schema;
      const { $ref, ...rest } = schema as Record<string, unknown>;
      if (typeof $ref === 'string')
        return resolve(document.components.schemas[$ref.split('/').pop() as string]);
      return Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, resolve(value)]));
    };
    expect(resolve(body.schema)).toEqual(toOpenApiSchema(loadProductsRequestSchema));
    for (const name of ['Product', 'Barcode', 'Hierarchy', 'Attribute'])
      expect(document.components.schemas[name]).toBeDefined();
    expect(Object.keys(body.examples)).toEqual(['two products', 'one invalid product']);
    expect(Object.keys(upload.responses).sort()).toEqual([
      '200',
      '400',
      '401',
      '403',
      '413',
      '415',
      '429',
      '500',
    ]);
    expect(upload.operationId).toBe('uploadProducts');
    expect(upload.responses['200'].headers.Location).toBeDefined();
    expect(upload.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/UploadAcceptedResponse',
    });
    expect(upload.responses['401'].headers['WWW-Authenticate']).toBeDefined();
    const status = document.paths['/product-upload/v1/load-products/{processCode}'].get;
    expect(status.operationId).toBe('getUploadStatus');
    expect(Object.keys(status.responses).sort()).toEqual(['200', '400', '401', '403', '404', '429']);
    expect(Object.keys(document.components.securitySchemes)).toEqual(['bearer']);
  });

  it('serves neither Swagger UI nor the document with SWAGGER_ENABLED=false (the prod setting)', async () => {
    const off = await startUploadTestApp({ SWAGGER_ENABLED: 'false' });
    try {
      for (const path of ['/product-upload/v1/docs', '/product-upload/v1/docs-json'])
        expect([path, (await request(off.app.getHttpServer()).get(path)).status]).toEqual([path, 404]);
    } finally {
      await off.close();
    }
  });

  it('answers 401 with WWW-Authenticate and an empty body', async () => {
    const res = await request(t.app.getHttpServer()).get('/product-upload/v1/whoami');
    expect([res.status, res.text, res.headers['www-authenticate']]).toEqual([
      401,
      '',
      'Bearer realm="product-upload-service"',
    ]);
  });
});
