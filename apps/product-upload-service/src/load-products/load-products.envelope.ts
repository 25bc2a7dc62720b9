import { LoadProductsMessages, MAX_PRODUCTS_PER_UPLOAD } from '@delivery/contracts';
import { ApiError } from '@delivery/platform';

const invalid = (message: string) => new ApiError(400, 'VALIDATION_ERROR', message);

/** P1.2: the body is an object whose `products` is a non-empty array of at most 3000 elements. */
export function productsOf(body: unknown): unknown[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw invalid(LoadProductsMessages.notAnObject);
  const products = Object.prototype.hasOwnProperty.call(body, 'products')
    ? (body as { products: unknown }).products
    : undefined;
  if (products === undefined || products === null) throw invalid(LoadProductsMessages.notAnObject);
  if (!Array.isArray(products)) throw invalid(LoadProductsMessages.notAnArray);
  if (products.length === 0) throw invalid(LoadProductsMessages.empty);
  if (products.length > MAX_PRODUCTS_PER_UPLOAD) throw invalid(LoadProductsMessages.tooMany);
  return products;
}
