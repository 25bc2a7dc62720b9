import { exampleProduct } from './product.examples';
import type { Product } from './product.schema';
import { ProductValidator } from './product.validator';

const validator = new ProductValidator('America/Lima');
const reasonsOf = (overrides: Record<string, unknown>) =>
  validator.reasons({ ...exampleProduct(1), ...overrides });

describe('P1.3 product rules', () => {
  it('accepts the example product, with or without the optional fields', () => {
    expect(validator.reasons(exampleProduct(1))).toEqual([]);
    const { dispatchType: _d, salesTax: _s, ...required } = exampleProduct(1);
    expect(validator.reasons(required)).toEqual([]);
    expect(
      reasonsOf({ dispatchType: null, salesTax: null, barcodes: [], hierarchies: [], lstAttributes: [] }),
    ).toEqual([]);
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ['required strings are present', { skuCode: undefined }, ['skuCode: is required']],
    [
      'required strings are not empty',
      { productCode: '', eanCode: '' },
      ['productCode: must not be empty', 'eanCode: must not be empty'],
    ],
    ['numbers are numbers', { price: '12.5' }, ['price: must be a number']],
    [
      'price, length, width, height, weight ≥ 0',
      { price: -0.01, weight: -1 },
      ['price: must be 0 or more', 'weight: must be 0 or more'],
    ],
    ['conversionFactor > 0', { conversionFactor: 0 }, ['conversionFactor: must be greater than 0']],
    [
      'unitMeasurement in UN, KG, LT, ML',
      { unitMeasurement: 'BOX' },
      ['unitMeasurement: must be one of UN, KG, LT, ML'],
    ],
    [
      'T/F flags',
      { taxSale: 'Y', isEcommerce: true, measurable: 'f' },
      [
        'taxSale: must be one of T, F',
        'isEcommerce: must be a string',
        'isEcommerce: must be one of T, F',
        'measurable: must be one of T, F',
      ],
    ],
    [
      'dispatchType in NORMAL, EXPRESS, INTERNATIONAL',
      { dispatchType: 'SLOW' },
      ['dispatchType: must be one of NORMAL, EXPRESS, INTERNATIONAL'],
    ],
    [
      'dateUpdate format',
      { dateUpdate: '2026-11-20T10:15:00' },
      ['dateUpdate: must be a date-time YYYY-MM-DD HH:MM:SS'],
    ],
    [
      'dateUpdate is a calendar date',
      { dateUpdate: '2026-02-29 10:00:00' },
      ['dateUpdate: is not a calendar date'],
    ],
    [
      'dateUpdate is a time of day',
      { dateUpdate: '2026-02-28 24:00:00' },
      ['dateUpdate: is not a time of day'],
    ],
    ['child lists are arrays', { barcodes: {} }, ['barcodes: must be an array']],
    [
      'children have the contract shape',
      { barcodes: [{ productCode: 'P', indicator: 'X', extra: 1 }] },
      ['barcodes[0].eanCode: is required', 'barcodes[0].extra: is not an accepted property'],
    ],
    [
      'hierarchyLevel is an integer ≥ 1',
      {
        hierarchies: [
          { ...exampleProduct(1).hierarchies[0], hierarchyLevel: 0 },
          { ...exampleProduct(1).hierarchies[0], hierarchyLevel: 1.5 },
        ],
      },
      [
        'hierarchies[0].hierarchyLevel: must be 1 or more',
        'hierarchies[1].hierarchyLevel: must be an integer',
      ],
    ],
    [
      'unknown properties are named',
      { colour: 'red', ['__proto__']: {} },
      ['colour: is not an accepted property', '__proto__: is not an accepted property'],
    ],
    [
      'strings Postgres cannot store',
      { description: 'a\u0000b', skuCode: '\ud800' },
      [
        'skuCode: must not contain NUL characters or unpaired surrogates',
        'description: must not contain NUL characters or unpaired surrogates',
      ],
    ],
    [
      'codes at most 255 characters',
      { productCode: 'x'.repeat(256) },
      ['productCode: must be at most 255 characters'],
    ],
  ])('%s', (_rule, overrides, expected) => {
    expect(reasonsOf(overrides)).toEqual(expected);
  });

  it('a product that is not an object', () => {
    expect(validator.reasons(null)).toEqual(['product: must be an object']);
    expect(validator.reasons([1])).toEqual(['product: must be an object']);
  });

  it('names odd property names quoted, so every reason can be stored', () => {
    const product = JSON.parse(`{"__proto__": 1, "constructor": 2, "a\\u0000b": 3}`) as Record<
      string,
      unknown
    >;
    expect(validator.reasons({ ...exampleProduct(1), ...product }).slice(0, 3)).toEqual([
      '__proto__: is not an accepted property',
      'constructor: is not an accepted property',
      '"a\\u0000b": is not an accepted property',
    ]);
  });
});

describe('P1.3 upload rules', () => {
  it('a repeated productCode: the first is processed, later copies are rejected', () => {
    const result = validator.validateAll([
      exampleProduct(1),
      exampleProduct(2),
      exampleProduct(1, { price: 5 }),
    ]);
    expect(result.accepted.map((p) => p.index)).toEqual([0, 1]);
    expect(result.rejected).toEqual([
      {
        index: 2,
        productCode: 'P-000001',
        reasons: ['productCode: repeats the product at index 0 (only the first is processed)'],
      },
    ]);
  });

  it('a description over 255 characters is accepted with a warning', () => {
    const result = validator.validateAll([exampleProduct(1, { description: 'é'.repeat(256) })]);
    expect(result.accepted).toHaveLength(1);
    expect(result.warnings).toEqual([
      {
        index: 0,
        productCode: 'P-000001',
        reasons: ['description: 256 characters, over the recommended 255'],
      },
    ]);
  });

  it('keeps at most ten reasons per product', () => {
    const bad = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`x${i}`, i]));
    const [issue] = validator.validateAll([{ ...exampleProduct(1), ...bad } as Product]).rejected;
    expect(issue.reasons).toHaveLength(10);
    expect(issue.reasons[9]).toBe('… and 21 more problems');
  });

  it('shows no productCode it could not store', () => {
    const [issue] = validator.validateAll([exampleProduct(1, { productCode: 'x'.repeat(300) })]).rejected;
    expect(issue.productCode).toBeNull();
  });
});
