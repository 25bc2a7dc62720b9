import { LoadProductsMessages, MAX_PRODUCTS_PER_UPLOAD } from '@delivery/contracts';
import { ApiError, invalidJsonError, JsonArrayElements } from '@delivery/platform';

const invalid = (message: string) => new ApiError(400, 'VALIDATION_ERROR', message);

/** The uploaded products, read one at a time. */
export interface UploadedProducts {
  readonly length: number;
  /**
   * The product at `index` as uploaded. When the body parser only located the products (`JsonArrayElements`), it
   * is parsed now, so the caller can check it and let it go; one that is not valid JSON makes the whole body
   * `400 The body is not valid JSON`, as a body parsed whole would.
   */
  product(index: number): unknown;
  /** The product's uploaded UTF-8 JSON text, when the body parser kept it. */
  source(index: number): Buffer | undefined;
}

function fromElements(elements: JsonArrayElements): UploadedProducts {
  return {
    length: elements.length,
    product: (index) => {
      try {
        return elements.parse(index);
      } catch {
        throw invalidJsonError();
      }
    },
    source: (index) => elements.source(index),
  };
}

/**
 * P1.2: the body is an object whose `products` is a non-empty array of at most 3000 elements. A body that is not
 * valid JSON is answered as such before anything else, also when only its products were located.
 */
export function productsOf(body: unknown): UploadedProducts {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw invalid(LoadProductsMessages.notAnObject);
  const products = Object.prototype.hasOwnProperty.call(body, 'products')
    ? (body as { products: unknown }).products
    : undefined;
  if (products instanceof JsonArrayElements) {
    const uploaded = fromElements(products);
    if (uploaded.length === 0) throw invalid(LoadProductsMessages.empty);
    if (uploaded.length > MAX_PRODUCTS_PER_UPLOAD) {
      for (let index = 0; index < uploaded.length; index++) uploaded.product(index); // not JSON → 400 first
      throw invalid(LoadProductsMessages.tooMany);
    }
    return uploaded;
  }
  if (products === undefined || products === null) throw invalid(LoadProductsMessages.notAnObject);
  if (!Array.isArray(products)) throw invalid(LoadProductsMessages.notAnArray);
  if (products.length === 0) throw invalid(LoadProductsMessages.empty);
  if (products.length > MAX_PRODUCTS_PER_UPLOAD) throw invalid(LoadProductsMessages.tooMany);
  const parsed: readonly unknown[] = products;
  return { length: parsed.length, product: (index) => parsed[index], source: () => undefined };
}
