import { exampleProduct } from '@delivery/contracts';
import { contentHashOf } from './product-upsert.repository';

/**
 * Stored products keep the hash they were written with: a product re-sent unchanged must hash to exactly that value
 * again, whatever computes it, or every stored product would look changed once.
 */
describe('contentHashOf', () => {
  it('gives the values stored products carry', () => {
    expect(contentHashOf(exampleProduct(1))).toBe('YmzPOu2jC9GyXmawu21zvXAXEC6NEDfvnHh7SjnONVc=');
    const sparse = exampleProduct(2, {
      description: 'Taladro ñandú 😀 "x"',
      salesTax: undefined,
      dispatchType: undefined,
      lstAttributes: [],
    });
    expect(contentHashOf(sparse)).toBe('szEaqZMywjUR8AAUzSY25N8XsNIpCVQH4tSOWMhbix0=');
  });

  it('is the same however the JSON was laid out, and differs when a stored value does', () => {
    const product = exampleProduct(1);
    const reordered = JSON.parse(JSON.stringify(Object.fromEntries(Object.entries(product).reverse())));
    expect(contentHashOf(reordered)).toBe(contentHashOf(product));
    expect(contentHashOf({ ...product, price: product.price + 1 })).not.toBe(contentHashOf(product));
  });
});
