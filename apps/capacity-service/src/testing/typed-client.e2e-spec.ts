import { createCapacityClient, type ErrorResponseCode } from '@delivery/api-client';
import { bearer, mintToken } from '@delivery/auth/testing';
import { demoConfiguration, putConfiguration } from './capacity-fixtures';
import { CapacityTestApp, E10_CLOCK, startCapacityTestApp } from './capacity-test-app';

/**
 * capacity-service through the client generated from its committed OpenAPI document (libs/api-client): the
 * request types must accept what the service takes and the answers must carry what the types promise.
 */
describe('capacity-service through the generated client', () => {
  let t: CapacityTestApp;
  let client: ReturnType<typeof createCapacityClient>;
  const auth = async (scope: 'capacity:calculate' | 'configuration:read') => ({
    Authorization: bearer(await mintToken({ scopes: [scope] })),
  });

  beforeAll(async () => {
    t = await startCapacityTestApp({}, { clock: E10_CLOCK });
    await t.app.listen(0, '127.0.0.1');
    client = createCapacityClient({ baseUrl: await t.app.getUrl() });
    expect((await putConfiguration(t.app.getHttpServer(), demoConfiguration())).status).toBe(200);
  });
  afterAll(() => t.close());

  it('getConfiguration, then calculateDeliveryCapacity (layout A)', async () => {
    const configuration = await client.GET('/capacity/v1/configuration', {
      headers: await auth('configuration:read'),
    });
    expect(configuration.response.status).toBe(200);
    expect(configuration.data?.version).toEqual(expect.any(Number));

    const { data, error, response } = await client.POST('/capacity/v1/delivery/capacity', {
      headers: await auth('capacity:calculate'),
      body: {
        identifier: 'order-123',
        purchaseDate: '2026-11-23',
        saleChannel: 'WEB',
        dispatchType: 'NORMAL',
        dispatchMode: 'HOME_DELIVERY',
        calculationOptions: { validateStock: true, dispatchCostEnabled: true },
        deliveryData: { zone: 'LIM-CENTRO' },
        items: [{ skuCode: 'SKU-1', origin: 'CD01', quantity: 2, weight: 1500 }],
      },
    });
    expect([response.status, error]).toEqual([200, undefined]);
    if (!data || Array.isArray(data)) throw new Error('expected the layout A answer');
    expect(data.identifier).toBe('order-123');
    const [group] = data.logisticsCapacity;
    expect([group.origin, group.destination, group.route, group.message]).toEqual([
      'CD01',
      'LIM-CENTRO',
      'R-CD01-LIMCENTRO-N',
      'OK',
    ]);
    expect(group.deliveryDates[0][0]).toBe('2026-11-26');
  });

  it('types the 401 as an ErrorResponse whose code is one of the documented codes', async () => {
    const { data, error, response } = await client.POST('/capacity/v1/delivery/capacity', {
      body: {
        purchaseDate: '2026-11-23',
        saleChannel: 'WEB',
        deliveryData: { zone: 'LIM-CENTRO' },
        items: [],
      },
    });
    expect([response.status, data]).toEqual([401, undefined]);
    const code: ErrorResponseCode | undefined = error?.code;
    expect(code).toBe('UNAUTHORIZED');
    expect(response.headers.get('www-authenticate')).toBe(
      'Bearer realm="capacity-service", Basic realm="capacity-service"',
    );
  });
});
