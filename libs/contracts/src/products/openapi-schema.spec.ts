import { toOpenApiSchema } from './openapi-schema';
import { productSchema } from './product.schema';

describe('toOpenApiSchema', () => {
  it('turns the JSON Schema dialect the validator reads into OpenAPI 3.0', () => {
    const product = toOpenApiSchema(productSchema) as { properties: Record<string, Record<string, unknown>> };
    expect(product.properties['dispatchType']).toEqual({
      type: 'string',
      nullable: true,
      enum: ['NORMAL', 'EXPRESS', 'INTERNATIONAL'],
    });
    expect(product.properties['salesTax']).toEqual({ type: 'number', nullable: true });
    expect(product.properties['conversionFactor']).toMatchObject({ minimum: 0, exclusiveMinimum: true });
    expect(product.properties['price']).toEqual({ type: 'number', minimum: 0 });
  });
});
