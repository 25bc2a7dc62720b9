import { exampleProduct, loadProductsRequestSchema, toOpenApiSchema } from '@delivery/contracts';
import type { ApiBodyOptions } from '@nestjs/swagger';

/** The request body of `POST /load-products` in the OpenAPI document: the validator's own schema, converted. */
export const LOAD_PRODUCTS_BODY: ApiBodyOptions = {
  description: 'Up to 3000 products. Invalid products are rejected one by one; the others are processed.',
  schema: toOpenApiSchema(loadProductsRequestSchema),
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
  ok: message(
    '2 products are being processed (0 rejected). Process code: 0b0f6a0e-8d1c-4c55-9f1c-6d0b7f2f8a11',
  ),
  badRequest: message('The maximum number of products per upload is 3000'),
  tooLarge: message('The body is larger than this operation accepts'),
  unsupported: message('The body must be JSON (Content-Type: application/json)'),
  publishFailed: message('The message could not be sent to the messaging system'),
  notFound: message(
    'No upload is known with process code 0b0f6a0e-8d1c-4c55-9f1c-6d0b7f2f8a11 (an upload is recorded moments after it is accepted)',
  ),
  malformed: message('The process code must be a UUID'),
};
