import {
  attributeSchema,
  barcodeSchema,
  exampleProduct,
  hierarchySchema,
  loadProductsRequestSchema,
  productSchema,
  toOpenApiSchema,
  type OpenApiSchema,
} from '@delivery/contracts';
import type { ApiBodyOptions } from '@nestjs/swagger';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** `schema` converted, with the array `property` of it referring to the named schema `item`. */
function withItemsRef(schema: unknown, property: string, item: string): OpenApiSchema {
  const converted = toOpenApiSchema(schema);
  const properties = converted['properties'] as Record<string, OpenApiSchema>;
  return {
    ...converted,
    properties: { ...properties, [property]: { ...properties[property], items: ref(item) } },
  };
}

/**
 * The product schemas of the upload, named in `components.schemas` so generated clients get a type per part. They
 * are the validator's own JSON Schemas, converted, so the document and the validation read the same consts.
 */
export const PRODUCT_SCHEMAS: Record<string, OpenApiSchema> = {
  LoadProductsRequest: withItemsRef(loadProductsRequestSchema, 'products', 'Product'),
  Product: [
    ['barcodes', 'Barcode'],
    ['hierarchies', 'Hierarchy'],
    ['lstAttributes', 'Attribute'],
  ].reduce<OpenApiSchema>(
    (schema, [property, item]) => withItemsRef(schema, property, item),
    productSchema as unknown as OpenApiSchema,
  ),
  Barcode: toOpenApiSchema(barcodeSchema),
  Hierarchy: toOpenApiSchema(hierarchySchema),
  Attribute: toOpenApiSchema(attributeSchema),
};

/** The request body of `POST /load-products` in the OpenAPI document. */
export const LOAD_PRODUCTS_BODY: ApiBodyOptions = {
  description: 'Up to 3000 products. Invalid products are rejected one by one; the others are processed.',
  schema: ref('LoadProductsRequest'),
  examples: {
    'two products': { value: { products: [exampleProduct(1), exampleProduct(2)] } },
    'one invalid product': {
      value: {
        products: [exampleProduct(1), exampleProduct(2, { price: -1, unitMeasurement: 'BOX' as 'UN' })],
      },
    },
  },
};

const message = (example: string) => ({
  type: 'object',
  required: ['message'],
  properties: { message: { type: 'string', example } },
});

export const LOAD_PRODUCTS_RESPONSES = {
  badRequest: message('The maximum number of products per upload is 3000'),
  tooLarge: message('The body is larger than this operation accepts'),
  unsupported: message('The body must be JSON (Content-Type: application/json)'),
  publishFailed: message('The message could not be sent to the messaging system'),
  notFound: message(
    'No upload is known with process code 0b0f6a0e-8d1c-4c55-9f1c-6d0b7f2f8a11 (an upload is recorded moments after it is accepted)',
  ),
  malformed: message('The process code must be a UUID'),
  tooMany: message('Too many failed authentication attempts; retry later'),
};
