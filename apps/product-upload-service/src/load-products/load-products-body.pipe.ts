import { Injectable, PipeTransform } from '@nestjs/common';
import { LoadProductsMessages, MAX_PRODUCTS_PER_UPLOAD } from '@delivery/contracts';
import { ApiError, invalidJsonError, JsonArrayElements } from '@delivery/platform';
import type { UploadErrorCode } from './upload.error-codes';

const invalid = (message: string) => new ApiError<UploadErrorCode>(400, 'VALIDATION_ERROR', message);

/** The uploaded products. */
export interface UploadedProducts {
  readonly length: number;
  /** The product at `index` as uploaded (parsed; parsed again after `release`). */
  product(index: number): unknown;
  /** The product's uploaded UTF-8 JSON text, when the body parser kept it. */
  source(index: number): Buffer | undefined;
  /** Its length in bytes, when the body parser kept it. */
  sourceLength(index: number): number | undefined;
  /**
   * Lets the parsed products go when their uploaded bytes are kept (what is published then): with several uploads
   * in flight the service holds bytes, not object graphs (Q1.5).
   */
  release(): void;
}

/** Bytes of products parsed between two turns of the event loop (a few ms of work). */
const PARSE_SLICE_BYTES = 512 * 1024;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

function parseElement(elements: JsonArrayElements, index: number): unknown {
  try {
    return elements.parse(index);
  } catch {
    throw invalidJsonError(); // the body as a whole is not valid JSON
  }
}

/**
 * Products the body parser only located (`JsonArrayElements`), parsed one by one, about 512 KiB per turn of the
 * event loop. Measured: parsing them all first, then validating them all, costs the service less CPU than parsing
 * and validating each in turn (the tight loops run faster than interleaving the two), although more objects live
 * together.
 */
async function parsedElements(elements: JsonArrayElements): Promise<UploadedProducts> {
  let products: unknown[] | null = new Array<unknown>(elements.length);
  let sliceBytes = 0;
  for (let index = 0; index < elements.length; index++) {
    if (sliceBytes >= PARSE_SLICE_BYTES) {
      await nextTurn();
      sliceBytes = 0;
    }
    products[index] = parseElement(elements, index);
    sliceBytes += elements.byteLength(index);
  }
  return {
    length: elements.length,
    product: (index) => (products === null ? parseElement(elements, index) : products[index]),
    source: (index) => elements.source(index),
    sourceLength: (index) => elements.byteLength(index),
    release: () => {
      products = null;
    },
  };
}

/**
 * The body of `POST {base}/load-products` (P1.2, the envelope): an object whose `products` is a non-empty array of
 * at most 3000 elements, else the upload contract's 400 `{message}`. A body that is not valid JSON is answered as
 * such before anything else, also when the body parser only located its products (then it is found here, after
 * authentication). Each product's own rules are the use case's: a product that breaks them is rejected alone.
 */
@Injectable()
export class LoadProductsBodyPipe implements PipeTransform<unknown, Promise<UploadedProducts>> {
  transform(body: unknown): Promise<UploadedProducts> {
    return productsOf(body);
  }
}

async function productsOf(body: unknown): Promise<UploadedProducts> {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw invalid(LoadProductsMessages.notAnObject);
  const products = Object.prototype.hasOwnProperty.call(body, 'products')
    ? (body as { products: unknown }).products
    : undefined;
  if (products instanceof JsonArrayElements) {
    if (products.length === 0) throw invalid(LoadProductsMessages.empty);
    if (products.length > MAX_PRODUCTS_PER_UPLOAD) {
      for (let index = 0; index < products.length; index++) parseElement(products, index); // not JSON → 400 first
      throw invalid(LoadProductsMessages.tooMany);
    }
    return parsedElements(products);
  }
  if (products === undefined || products === null) throw invalid(LoadProductsMessages.notAnObject);
  if (!Array.isArray(products)) throw invalid(LoadProductsMessages.notAnArray);
  if (products.length === 0) throw invalid(LoadProductsMessages.empty);
  if (products.length > MAX_PRODUCTS_PER_UPLOAD) throw invalid(LoadProductsMessages.tooMany);
  const parsed: readonly unknown[] = products;
  return {
    length: parsed.length,
    product: (index) => parsed[index],
    source: () => undefined,
    sourceLength: () => undefined,
    release: () => undefined, // their bytes were not kept: the products are what is published
  };
}
