import type { Product } from './product.schema';

/**
 * A valid product, numbered: the OpenAPI example, and the builder tests and benchmarks make uploads with
 * (`exampleProduct(7, { price: -1 })`). Two barcodes, four hierarchy levels and three attributes each.
 */
export function exampleProduct(n = 1, overrides: Partial<Product> = {}): Product {
  const code = `P-${String(n).padStart(6, '0')}`;
  const ean = String(7750000000000 + n);
  return {
    productCode: code,
    skuCode: `SKU-${String(n).padStart(6, '0')}`,
    eanCode: ean,
    description: `Detergente líquido ${n} — 3 L`,
    price: 39.9 + (n % 100) / 100,
    length: 30.5,
    width: 12,
    height: 8.25,
    weight: 3.125 + (n % 10) / 1000,
    productType: 'FG',
    dispatchType: 'NORMAL',
    unitMeasurement: 'UN',
    unitedNationsCode: 'UN1993',
    hierarchyCode: 'H-01-02-03-04',
    taxSale: 'T',
    productPmmStatus: '5',
    dateUpdate: '2026-11-20 10:15:00',
    isEcommerce: 'T',
    measurable: 'F',
    conversionFactor: 12,
    barcodes: [
      { productCode: code, eanCode: ean, indicator: 'MAIN' },
      { productCode: code, eanCode: String(8850000000000 + n), indicator: 'BOX' },
    ],
    hierarchies: [
      {
        hierarchyDescription: 'Hogar',
        hierarchyCode: 'H-01',
        hierarchyParent: '',
        hierarchyName: 'Division',
        hierarchyLevel: 1,
      },
      {
        hierarchyDescription: 'Limpieza',
        hierarchyCode: 'H-01-02',
        hierarchyParent: 'H-01',
        hierarchyName: 'Area',
        hierarchyLevel: 2,
      },
      {
        hierarchyDescription: 'Lavado',
        hierarchyCode: 'H-01-02-03',
        hierarchyParent: 'H-01-02',
        hierarchyName: 'Department',
        hierarchyLevel: 3,
      },
      {
        hierarchyDescription: 'Detergentes',
        hierarchyCode: 'H-01-02-03-04',
        hierarchyParent: 'H-01-02-03',
        hierarchyName: 'Line',
        hierarchyLevel: 4,
      },
    ],
    lstAttributes: [
      {
        attributeType: 'COLOR',
        parentAttributeCode: 'COL',
        attributeCode: 'COL-WHITE',
        attributeDescription: 'Blanco',
        productCode: code,
        keySubAttribute: 'shade',
        attributeDescriptionDetail: 'Blanco perla',
      },
      {
        attributeType: 'SIZE',
        parentAttributeCode: 'SIZ',
        attributeCode: 'SIZ-3L',
        attributeDescription: '3 L',
        productCode: code,
        keySubAttribute: 'volume',
        attributeDescriptionDetail: '3000 ml',
      },
      {
        attributeType: 'BRAND',
        parentAttributeCode: 'BRD',
        attributeCode: `BRD-${n % 50}`,
        attributeDescription: `Marca ${n % 50}`,
        productCode: code,
        keySubAttribute: 'brand',
        attributeDescriptionDetail: '',
      },
    ],
    salesTax: 18,
    ...overrides,
  };
}

/** An upload body of `count` valid products numbered from `first`. */
export function exampleUpload(count: number, first = 1): { products: Product[] } {
  return { products: Array.from({ length: count }, (_, i) => exampleProduct(first + i)) };
}
