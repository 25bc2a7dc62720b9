/**
 * The product JSON Schemas as OpenAPI 3.0 schema objects, for `@ApiBody({ schema })`: `type: [X, 'null']`
 * becomes `type: X, nullable: true`, a numeric `exclusiveMinimum` becomes `minimum` + `exclusiveMinimum: true`.
 * The validator and the document therefore read the same consts.
 */
export type OpenApiSchema = Record<string, unknown>;

export function toOpenApiSchema(schema: unknown): OpenApiSchema {
  if (Array.isArray(schema)) return schema.map(toOpenApiSchema) as unknown as OpenApiSchema;
  if (typeof schema !== 'object' || schema === null) return schema as OpenApiSchema;
  const out: OpenApiSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties') {
      out[key] = Object.fromEntries(
        Object.entries(value as object).map(([name, child]) => [name, toOpenApiSchema(child)]),
      );
    } else if (key === 'items') {
      out[key] = toOpenApiSchema(value);
    } else if (key === 'type' && Array.isArray(value)) {
      const types = value.filter((type) => type !== 'null');
      out['type'] = types[0];
      if (types.length < value.length) out['nullable'] = true;
    } else if (key === 'enum' && Array.isArray(value)) {
      out[key] = value.filter((item) => item !== null);
    } else if (key === 'exclusiveMinimum' && typeof value === 'number') {
      out['minimum'] = value;
      out['exclusiveMinimum'] = true;
    } else {
      out[key] = value;
    }
  }
  return out;
}
