import type { FromSchema } from './json-schema.types';

/**
 * THE source of truth of the upload body (the upload API contract, product-pipeline.md P1.3): the upload service compiles
 * its validator from these consts (ajv, once at start), the TypeScript types below are derived from them, and
 * the OpenAPI document registers them (converted by `toOpenApiSchema`). Rules a JSON Schema cannot say — a real
 * calendar date-time in the business time zone, a productCode repeated within one upload — are in
 * `product.validator.ts`.
 *
 * Limits the contract does not state (decisions, docs/product-pipeline.md): codes at most 255 characters (they
 * are indexed), texts at most 4000 (description: over 255 is accepted with a warning), at most 1000 entries per
 * child list, and no string may hold a NUL character or an unpaired surrogate (Postgres text cannot store them).
 */
export const MAX_PRODUCTS_PER_UPLOAD = 3000;
export const RECOMMENDED_DESCRIPTION_LENGTH = 255;
export const DATE_UPDATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$';
/**
 * Any string Postgres can store: no NUL, no unpaired surrogate (patterns are compiled with the `u` flag). The rule's
 * home is `isStorableText` of `@delivery/persistence`; a test of the products' data access holds this pattern equal.
 */
export const STORABLE_TEXT_PATTERN = '^[^\\u0000\\ud800-\\udfff]*$';

const code = { type: 'string', minLength: 1, maxLength: 255, pattern: STORABLE_TEXT_PATTERN } as const;
const optionalCode = { type: 'string', maxLength: 255, pattern: STORABLE_TEXT_PATTERN } as const;
const text = { type: 'string', minLength: 1, maxLength: 4000, pattern: STORABLE_TEXT_PATTERN } as const;
const optionalText = { type: 'string', maxLength: 4000, pattern: STORABLE_TEXT_PATTERN } as const;
const measure = { type: 'number', minimum: 0 } as const;
const flag = { type: 'string', enum: ['T', 'F'] } as const;

export const barcodeSchema = {
  type: 'object',
  description: 'A barcode of the product.',
  additionalProperties: false,
  required: ['productCode', 'eanCode', 'indicator'],
  properties: {
    productCode: { ...optionalCode, description: 'Product the barcode belongs to.' },
    eanCode: { ...code, description: 'Barcode.' },
    indicator: { ...optionalCode, description: 'Type or condition of the barcode.' },
  },
} as const;

export const hierarchySchema = {
  type: 'object',
  description: 'One level of the product hierarchy, from general to specific.',
  additionalProperties: false,
  required: ['hierarchyDescription', 'hierarchyCode', 'hierarchyParent', 'hierarchyName', 'hierarchyLevel'],
  properties: {
    hierarchyDescription: optionalText,
    hierarchyCode: code,
    hierarchyParent: { ...optionalCode, description: 'Parent code; may be empty at the top level.' },
    hierarchyName: { ...optionalText, description: 'Name of the level.' },
    hierarchyLevel: { type: 'integer', minimum: 1, description: 'Level 1 is the top level.' },
  },
} as const;

export const attributeSchema = {
  type: 'object',
  description: 'An attribute of the product.',
  additionalProperties: false,
  required: [
    'attributeType',
    'parentAttributeCode',
    'attributeCode',
    'attributeDescription',
    'productCode',
    'keySubAttribute',
    'attributeDescriptionDetail',
  ],
  properties: {
    attributeType: optionalCode,
    parentAttributeCode: optionalCode,
    attributeCode: code,
    attributeDescription: { ...optionalText, description: 'Main value.' },
    productCode: { ...optionalCode, description: 'Owning product.' },
    keySubAttribute: { ...optionalCode, description: 'Name of the sub-attribute.' },
    attributeDescriptionDetail: { ...optionalText, description: 'Detailed value.' },
  },
} as const;

export const productSchema = {
  type: 'object',
  description: 'A product of the master system.',
  additionalProperties: false,
  required: [
    'productCode',
    'skuCode',
    'eanCode',
    'description',
    'price',
    'length',
    'width',
    'height',
    'weight',
    'productType',
    'unitMeasurement',
    'unitedNationsCode',
    'hierarchyCode',
    'taxSale',
    'productPmmStatus',
    'dateUpdate',
    'isEcommerce',
    'measurable',
    'conversionFactor',
    'barcodes',
    'hierarchies',
    'lstAttributes',
  ],
  properties: {
    productCode: { ...code, description: 'Unique product code at company level.' },
    skuCode: { ...code, description: 'SKU code.' },
    eanCode: { ...code, description: 'Main barcode.' },
    description: {
      ...text,
      description: 'Recommended maximum 255 characters (longer: accepted with a warning).',
    },
    price: measure,
    length: { ...measure, description: 'Centimeters.' },
    width: { ...measure, description: 'Centimeters.' },
    height: { ...measure, description: 'Centimeters.' },
    weight: { ...measure, description: 'Kilograms.' },
    productType: { ...code, description: 'Product type defined by the master system.' },
    dispatchType: { type: ['string', 'null'], enum: ['NORMAL', 'EXPRESS', 'INTERNATIONAL', null] },
    unitMeasurement: { type: 'string', enum: ['UN', 'KG', 'LT', 'ML'], description: 'Unit of measure.' },
    unitedNationsCode: code,
    hierarchyCode: { ...code, description: "Code of the product's hierarchy." },
    taxSale: { ...flag, description: 'T taxable, F not taxable.' },
    productPmmStatus: { ...code, description: 'The value 5 means active product.' },
    dateUpdate: {
      type: 'string',
      pattern: DATE_UPDATE_PATTERN,
      description: 'YYYY-MM-DD HH:MM:SS, wall-clock time in the business time zone.',
    },
    isEcommerce: { ...flag, description: 'T enabled in ecommerce, F not available.' },
    measurable: { ...flag, description: 'T measurable product, F unit product.' },
    conversionFactor: {
      type: 'number',
      exclusiveMinimum: 0,
      description: 'Units per purchase unit (a box of 12 units has factor 12).',
    },
    barcodes: { type: 'array', maxItems: 1000, items: barcodeSchema },
    hierarchies: { type: 'array', maxItems: 1000, items: hierarchySchema },
    lstAttributes: { type: 'array', maxItems: 1000, items: attributeSchema },
    salesTax: { type: ['number', 'null'] },
  },
} as const;

/** The envelope; its own checks (not JSON, no array, empty, over 3000) run before the products'. */
export const loadProductsRequestSchema = {
  type: 'object',
  required: ['products'],
  properties: {
    products: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_PRODUCTS_PER_UPLOAD,
      items: productSchema,
    },
  },
} as const;

export type Product = FromSchema<typeof productSchema>;
export type ProductBarcode = FromSchema<typeof barcodeSchema>;
export type ProductHierarchy = FromSchema<typeof hierarchySchema>;
export type ProductAttribute = FromSchema<typeof attributeSchema>;
export type LoadProductsRequest = FromSchema<typeof loadProductsRequestSchema>;
