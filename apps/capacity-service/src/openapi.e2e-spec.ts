import * as fs from 'node:fs';
import * as path from 'node:path';
import request from 'supertest';
import { buildCapacityOpenApi, OPENAPI_FILE } from './capacity.openapi';
import { CapacityTestApp, startCapacityTestApp } from './testing/capacity-test-app';

/**
 * The committed OpenAPI document (apps/capacity-service/openapi.json) is the one the app generates and serves.
 * When this fails, the API changed: run `npx nx run capacity-service:openapi` and review the diff.
 */
describe('OpenAPI document', () => {
  let t: CapacityTestApp;
  const committed = () =>
    JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../..', OPENAPI_FILE), 'utf8'));

  beforeAll(async () => {
    t = await startCapacityTestApp();
  });
  afterAll(() => t.close());

  it('the committed file is what the app generates', async () => {
    expect(await buildCapacityOpenApi()).toEqual(committed());
  });

  it('the committed file is what the app serves at {base}/docs-json', async () => {
    const served = await request(t.app.getHttpServer()).get('/capacity/v1/docs-json');
    expect(served.status).toBe(200);
    expect(served.body).toEqual(committed());
  });

  it('documents both layouts, every response and the security schemes', () => {
    const document = committed();
    const capacity = document.paths['/capacity/v1/delivery/capacity'].post;
    expect(capacity.requestBody.content['application/json'].schema.oneOf).toEqual([
      { $ref: '#/components/schemas/CalculateDeliveryCapacityRequest' },
      { $ref: '#/components/schemas/DeliveryDateRequest' },
    ]);
    expect(Object.keys(capacity.requestBody.content['application/json'].examples)).toEqual([
      'layoutA',
      'layoutB',
    ]);
    expect(Object.keys(capacity.responses).sort()).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '413',
      '415',
      '500',
    ]);
    expect(Object.keys(document.paths).sort()).toEqual([
      '/capacity/v1/configuration',
      '/capacity/v1/configuration/load',
      '/capacity/v1/delivery/capacity',
      '/capacity/v1/delivery/capacity/reservations',
      '/capacity/v1/delivery/capacity/reservations/{identifier}',
      '/capacity/v1/delivery/capacity/reservations/{identifier}/confirm',
      '/capacity/v1/whoami',
    ]);
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(['basic', 'bearer']);
    expect(Object.keys(document.components.schemas.DispatchDTO.properties)).toHaveLength(23);
    expect(Object.keys(document.components.schemas.CalculateDeliveryCapacityRequest.properties)).toHaveLength(
      12,
    );
  });
});
