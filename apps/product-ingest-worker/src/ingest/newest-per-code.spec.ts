import { exampleProduct } from '@delivery/contracts/messages';
import { newestPerCode } from './newest-per-code';

describe('de-duplication inside a batch', () => {
  it('keeps the newest dateUpdate per productCode (ties: the later one), ordered by code', () => {
    const products = [
      exampleProduct(2, { dateUpdate: '2026-01-01 00:00:00', price: 1 }),
      exampleProduct(1, { dateUpdate: '2026-01-02 00:00:00', price: 2 }),
      exampleProduct(2, { dateUpdate: '2026-01-03 00:00:00', price: 3 }),
      exampleProduct(1, { dateUpdate: '2026-01-01 00:00:00', price: 4 }),
      exampleProduct(2, { dateUpdate: '2026-01-03 00:00:00', price: 5 }),
    ];
    expect(newestPerCode(products).map((p) => [p.productCode, p.price])).toEqual([
      ['P-000001', 2],
      ['P-000002', 5],
    ]);
  });
});
