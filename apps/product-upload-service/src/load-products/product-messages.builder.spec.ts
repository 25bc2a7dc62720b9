import { exampleProduct, ProductValidator, type Product } from '@delivery/contracts';
import { JsonArrayElements, scanJsonArrayBody } from '@delivery/platform';
import { buildProductMessages } from './product-messages.builder';
import type { ValidatedUpload } from './upload-publisher.port';

const route = { exchange: 'products', routingKey: 'product.batch' };
const validator = new ProductValidator('America/Lima');

async function uploadOf(text: string, withSources: boolean): Promise<ValidatedUpload> {
  const elements = (await scanJsonArrayBody(Buffer.from(text), 'products')) as JsonArrayElements;
  const products = Array.from({ length: elements.length }, (_, index) => elements.parse(index));
  const { accepted, rejected, warnings } = validator.validateAll(products);
  return {
    processCode: '0b0f6a0e-8d1c-4c55-9f1c-6d0b7f2f8a11',
    receivedAt: '2026-11-21T14:36:11.123Z',
    received: products.length,
    accepted: accepted.map(({ index }) => index),
    rejected,
    warnings,
    product: (index) => products[index] as Product,
    ...(withSources ? { source: (index: number) => elements.source(index) } : {}),
  };
}

describe('P1.5 messages built from the uploaded bytes', () => {
  // pretty-printed, a rejected product in the middle, a duplicate, unicode and escapes
  const products = [
    exampleProduct(1, { description: 'Detergente líquido — 3 L “extra” \\ "quoted" 😀' }),
    exampleProduct(2, { price: -1 }),
    exampleProduct(3, { dispatchType: undefined, salesTax: null, barcodes: [] }),
    exampleProduct(1),
    ...Array.from({ length: 7 }, (_, i) => exampleProduct(10 + i)),
  ];
  const text = JSON.stringify({ products }, null, 2);

  it('parse to exactly the messages the products serialised again would give (same headers, same bodies)', async () => {
    const fromSources = buildProductMessages(await uploadOf(text, true), route, 3);
    const serialised = buildProductMessages(await uploadOf(text, false), route, 3);
    expect(
      fromSources.map((m) => ({ ...m, content: JSON.parse(m.content.toString('utf8')) as unknown })),
    ).toEqual(serialised.map((m) => ({ ...m, content: JSON.parse(m.content.toString('utf8')) as unknown })));
    expect(fromSources).toHaveLength(1 + 3); // manifest + 9 accepted products in batches of 3
  });

  it('a batch carries each product’s uploaded text unchanged', async () => {
    const [, first] = buildProductMessages(await uploadOf(text, true), route, 3);
    const content = first.content.toString('utf8');
    expect(content).toContain(JSON.stringify(products[0], null, 2).replace(/\n/g, '\n    '));
    expect(JSON.parse(content)).toMatchObject({ kind: 'batch', batchIndex: 1, indexes: [0, 2, 4] });
  });
});
