import * as fs from 'node:fs';
import * as path from 'node:path';
import request from 'supertest';
import { bearer, mintToken } from '@delivery/auth/testing';
import { CONFIGURATION_EXAMPLE, ERROR_RESPONSE_CODES } from '@delivery/contracts';
import { buildCapacityOpenApi, OPENAPI_FILE } from '../capacity.openapi';
import { CapacityTestApp, startCapacityTestApp } from './capacity-test-app';

/**
 * The committed OpenAPI document (apps/capacity-service/openapi.json) is the one the app generates and serves.
 * When this fails, the API changed: run `npx nx run capacity-service:openapi` and review the diff.
 */
describe('OpenAPI document', () => {
  let t: CapacityTestApp;
  const committed = () =>
    JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../..', OPENAPI_FILE), 'utf8'));

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
      'layoutAConfidence',
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
      '429',
      '500',
    ]);
    expect(Object.keys(document.paths).sort()).toEqual([
      '/capacity/v1/capacity/usage',
      '/capacity/v1/configuration',
      '/capacity/v1/configuration/load',
      '/capacity/v1/configuration/preview',
      '/capacity/v1/configuration/versions',
      '/capacity/v1/configuration/versions/{version}',
      '/capacity/v1/configuration/versions/{version}/activation',
      '/capacity/v1/configuration/versions/{version}/changes',
      '/capacity/v1/delivery/accuracy',
      '/capacity/v1/delivery/accuracy/calibration',
      '/capacity/v1/delivery/accuracy/suggestions',
      '/capacity/v1/delivery/capacity',
      '/capacity/v1/delivery/capacity/explanation',
      '/capacity/v1/delivery/capacity/reservations',
      '/capacity/v1/delivery/capacity/reservations/at-risk',
      '/capacity/v1/delivery/capacity/reservations/{identifier}',
      '/capacity/v1/delivery/capacity/reservations/{identifier}/confirm',
      '/capacity/v1/delivery/capacity/reservations/{identifier}/move',
      '/capacity/v1/delivery/lane-model/refresh',
      '/capacity/v1/delivery/outcomes',
      '/capacity/v1/whoami',
    ]);
    const explanation = document.paths['/capacity/v1/delivery/capacity/explanation'].post;
    expect(explanation.operationId).toBe('explainDeliveryCapacity');
    expect(explanation.requestBody.content['application/json'].schema).toEqual(
      capacity.requestBody.content['application/json'].schema,
    );
    expect(explanation.responses['200'].content['application/json']).toMatchObject({
      schema: { $ref: '#/components/schemas/DeliveryCapacityExplanationResponse' },
      examples: { counterAndRange: { value: { calculationStatus: 200 } } },
    });
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(['basic', 'bearer']);
    expect(Object.keys(document.components.schemas.DispatchDTO.properties)).toHaveLength(23);
    expect(Object.keys(document.components.schemas.CalculateDeliveryCapacityRequest.properties)).toHaveLength(
      12,
    );
  });

  interface DocumentedResponse {
    headers?: Record<string, unknown>;
    content: Record<string, { schema: unknown; example: { code: string } }>;
  }
  interface DocumentedOperation {
    operationId: string;
    responses: Record<string, DocumentedResponse>;
  }
  const operations = () =>
    Object.entries(committed().paths as Record<string, Record<string, DocumentedOperation>>).flatMap(
      ([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
    );

  it('names every operation with a readable, unique operationId', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.sort()).toEqual([
      'activateConfigurationVersion',
      'calculateDeliveryCapacity',
      'compareConfigurationVersions',
      'confirmReservation',
      'createReservation',
      'explainDeliveryCapacity',
      'getCapacityUsage',
      'getConfiguration',
      'getConfigurationVersion',
      'getDeliveryAccuracy',
      'getLeadTimeSuggestions',
      'getPromiseCalibration',
      'getReservation',
      'listConfigurationVersions',
      'listReservationsAtRisk',
      'loadConfiguration',
      'moveReservation',
      'previewConfiguration',
      'recordDeliveryOutcomes',
      'refreshLaneModel',
      'releaseReservation',
      'replaceConfiguration',
      'whoAmI',
    ]);
  });

  it('gives every error status an ErrorResponse example whose code is one of the enum', () => {
    const document = committed();
    expect(document.components.schemas.ErrorResponseCode.enum).toEqual([...ERROR_RESPONSE_CODES]);
    for (const { operation } of operations()) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) < 400) continue;
        const content = response.content['application/json'];
        expect(content.schema).toEqual({ $ref: '#/components/schemas/ErrorResponse' });
        expect(ERROR_RESPONSE_CODES).toContain(content.example.code);
      }
      expect(operation.responses['401'].headers?.['WWW-Authenticate']).toBeDefined();
      expect(operation.responses['429'].headers?.['Retry-After']).toBeDefined();
    }
  });

  it('lists the 503 OUTCOMES_NOT_RECORDED of the outcomes operation, with its Retry-After', () => {
    const outcomes = committed().paths['/capacity/v1/delivery/outcomes'].post;
    expect(Object.keys(outcomes.responses).sort()).toEqual([
      '200',
      '400',
      '401',
      '403',
      '413',
      '415',
      '429',
      '500',
      '503',
    ]);
    const unavailable = outcomes.responses['503'];
    expect(unavailable.content['application/json'].example.code).toBe('OUTCOMES_NOT_RECORDED');
    expect(unavailable.headers['Retry-After'].schema).toEqual({ type: 'integer', example: 5 });
  });

  it('cites no internal rule numbers in descriptions', () => {
    const text = fs.readFileSync(path.resolve(__dirname, '../../../..', OPENAPI_FILE), 'utf8');
    expect(text.match(/\b[ERS]\d+(\.\d+)*\b/g)).toBeNull();
  });

  it('the PUT /configuration example is a document the service accepts', async () => {
    const example =
      committed().paths['/capacity/v1/configuration'].put.requestBody.content['application/json'].examples
        .oneRoute.value;
    expect(example).toEqual(CONFIGURATION_EXAMPLE);
    const res = await request(t.app.getHttpServer())
      .put('/capacity/v1/configuration')
      .set('Authorization', bearer(await mintToken({ scopes: ['configuration:write'] })))
      .send(example);
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(/^Configuration loaded: version \d+ \(1 nodes, 1 zones, 1 routes\)$/);
  });
});
