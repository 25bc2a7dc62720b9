import { connect } from 'amqplib';
import request from 'supertest';
import { exampleProduct } from '@delivery/contracts';
import { PRODUCT_TOPOLOGY_DEFAULTS } from '@delivery/products-data-access';
import { seededRandom } from '@delivery/platform/testing';
import { BASE, PipelineHarness } from '../testing/pipeline-harness';

/** Seeded: the same bodies on every run. */
const rnd = seededRandom(20261121);
const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)];
/** Deep nesting is spliced into the text (building it as objects would overflow JSON.stringify here). */
const deep = (depth: number): string => `@@deep:${depth}@@`;
const withDeepNesting = (text: string) =>
  text.replace(
    /"@@deep:(\d+)@@"/g,
    (_m, depth: string) => '['.repeat(Number(depth)) + ']'.repeat(Number(depth)),
  );
const FIELDS = Object.keys(exampleProduct(1));
const ODD_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '', '\u0000', '𝔘'];
const ODD_VALUES: (() => unknown)[] = [
  () => null,
  () => 42,
  () => -1,
  () => 1e308 * 10, // becomes null in JSON
  () => '12.5',
  () => true,
  () => [],
  () => ({}),
  () => 'x'.repeat(100_000),
  () => deep(20_000),
  () => '\u0000\ud800 ü 漢字 🚚',
  () => '2026-02-30 25:61:61',
  () => '2026-11-20T10:15:00Z',
  () => ({ __proto__: { polluted: true } }),
  () => [exampleProduct(1)],
];

/** One mutated body: serialized text (some not JSON at all) and the content type it is sent with. */
function mutatedBody(n: number): { text: string; type: string } {
  const products: unknown[] = [1, 2, 3].map((i) => exampleProduct(n * 10 + i));
  const body: Record<string, unknown> = { products };
  const mutations = 1 + Math.floor(rnd() * 3);
  for (let m = 0; m < mutations; m++) {
    const product = pick(products) as Record<string, unknown>;
    switch (pick(['field', 'field', 'key', 'child', 'products', 'body', 'date', 'numberString'])) {
      case 'field':
        product[pick(FIELDS)] = pick(ODD_VALUES)();
        break;
      case 'key':
        Object.defineProperty(product, pick(ODD_KEYS), {
          value: pick(ODD_VALUES)(),
          enumerable: true,
          configurable: true,
          writable: true,
        });
        break;
      case 'child': {
        const list = pick(['barcodes', 'hierarchies', 'lstAttributes']);
        product[list] = pick([
          [pick(ODD_VALUES)()],
          [{ ...((product[list] as object[])[0] ?? {}), hierarchyLevel: pick(ODD_VALUES)() }],
          Array(1001).fill({}),
        ]);
        break;
      }
      case 'products':
        body['products'] = pick([
          null,
          {},
          'products',
          [],
          Array(3001).fill(exampleProduct(1)),
          deep(5000),
          [null, 1, 'a'],
        ]);
        break;
      case 'body':
        return pick([
          { text: JSON.stringify(pick(ODD_VALUES)()), type: 'application/json' },
          { text: '{"products": [', type: 'application/json' },
          {
            text: `{"__proto__": {"products": [${JSON.stringify(exampleProduct(1))}]}}`,
            type: 'application/json',
          },
          {
            text: JSON.stringify(body),
            type: pick(['text/plain', 'application/xml', 'multipart/form-data']),
          },
          { text: '\ufeff' + JSON.stringify(body), type: 'application/json' },
        ]);
      case 'date':
        product['dateUpdate'] = pick([
          '2023-02-29 00:00:00',
          '2026-13-01 00:00:00',
          '0000-00-00 00:00:00',
          '9999-12-31 23:59:60',
          '2026-1-1 1:1:1',
        ]);
        break;
      case 'numberString':
        product[pick(['price', 'length', 'width', 'height', 'weight', 'conversionFactor', 'salesTax'])] =
          String(rnd() * 100);
        break;
    }
  }
  return { text: withDeepNesting(JSON.stringify(body)), type: 'application/json' };
}

const BODIES = 520;

/** Q3: bounded fuzz of the upload body, fixed seed. */
describe('Q3 fuzz of POST /load-products', () => {
  let h: PipelineHarness;
  beforeAll(async () => {
    h = await PipelineHarness.start({}, false);
  }, 60_000);
  afterAll(() => h.close());

  it(`answers ${BODIES} mutated bodies with the contract's 4xx (or 200), never 5xx, and publishes only accepted uploads`, async () => {
    const token = await h.token('products:write');
    const statuses = new Map<number, number>();
    let expectedMessages = 0;
    for (let n = 0; n < BODIES; n++) {
      const { text, type } = mutatedBody(n);
      const res = await request(h.upload.getHttpServer())
        .post(`${BASE}/load-products`)
        .set('Authorization', token)
        .set('Content-Type', type)
        .send(text);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      expect([n, res.status < 500]).toEqual([n, true]);
      const keys = res.status === 200 ? ['message', 'processCode'] : ['message'];
      expect([n, Object.keys(res.body), typeof res.body.message]).toEqual([n, keys, 'string']);
      if (res.status === 200) {
        const accepted = Number(/^(\d+) products/.exec(res.body.message)?.[1]);
        expectedMessages += 1 + Math.ceil(accepted / 500);
      } else {
        expect([n, [400, 413, 415].includes(res.status)]).toEqual([n, true]);
      }
    }
    // two bodies over the 32 MB limit
    for (const size of [33, 40]) {
      const res = await request(h.upload.getHttpServer())
        .post(`${BASE}/load-products`)
        .set('Authorization', token)
        .set('Content-Type', 'application/json')
        .send(`{"products": ["${'x'.repeat(size * 1024 * 1024)}"]}`);
      expect([res.status, res.body]).toEqual([
        413,
        { message: 'The body is larger than this operation accepts' },
      ]);
    }
    expect([...statuses.keys()].sort()).toEqual([200, 400, 415]);
    expect((await request(h.upload.getHttpServer()).get('/health/ready')).status).toBe(200);
    const model = await connect(h.rabbit.url);
    const { messageCount } = await (await model.createChannel()).checkQueue(PRODUCT_TOPOLOGY_DEFAULTS.queue);
    await model.close();
    expect(messageCount).toBe(expectedMessages);
    expect(({}.constructor as unknown as { polluted?: unknown }).polluted).toBeUndefined();
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  }, 120_000);
});
