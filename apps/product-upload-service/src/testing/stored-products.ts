import type { Product } from '@delivery/contracts';
import type { PipelineHarness } from './pipeline-harness';

const flag = (value: boolean) => (value ? 'T' : 'F');

/** The products with these codes as stored (all tables), mapped back to the contract's shape, ordered by code. */
export async function storedProducts(harness: PipelineHarness, codes: readonly string[]): Promise<Product[]> {
  const rows = await harness.query<Record<string, unknown>>(
    `SELECT p.*, to_char(p.date_update, 'YYYY-MM-DD HH24:MI:SS') AS date_text,
       (SELECT coalesce(json_agg(json_build_object('productCode', b.barcode_product_code, 'eanCode', b.ean_code,
          'indicator', b.indicator) ORDER BY b.position), '[]') FROM product_barcodes b
        WHERE b.product_code = p.product_code) AS barcodes,
       (SELECT coalesce(json_agg(json_build_object('hierarchyDescription', h.hierarchy_description,
          'hierarchyCode', h.hierarchy_code, 'hierarchyParent', h.hierarchy_parent, 'hierarchyName', h.hierarchy_name,
          'hierarchyLevel', h.hierarchy_level) ORDER BY h.position), '[]') FROM product_hierarchies h
        WHERE h.product_code = p.product_code) AS hierarchies,
       (SELECT coalesce(json_agg(json_build_object('attributeType', a.attribute_type,
          'parentAttributeCode', a.parent_attribute_code, 'attributeCode', a.attribute_code,
          'attributeDescription', a.attribute_description, 'productCode', a.attribute_product_code,
          'keySubAttribute', a.key_sub_attribute, 'attributeDescriptionDetail', a.attribute_description_detail)
          ORDER BY a.position), '[]') FROM product_attributes a
        WHERE a.product_code = p.product_code) AS attributes
     FROM products p WHERE p.product_code = ANY($1::text[]) ORDER BY p.product_code`,
    [codes],
  );
  return rows.map((row) => ({
    productCode: row['product_code'] as string,
    skuCode: row['sku_code'] as string,
    eanCode: row['ean_code'] as string,
    description: row['description'] as string,
    price: row['price'] as number,
    length: row['length'] as number,
    width: row['width'] as number,
    height: row['height'] as number,
    weight: row['weight'] as number,
    productType: row['product_type'] as string,
    dispatchType: row['dispatch_type'] as Product['dispatchType'],
    unitMeasurement: row['unit_measurement'] as Product['unitMeasurement'],
    unitedNationsCode: row['united_nations_code'] as string,
    hierarchyCode: row['hierarchy_code'] as string,
    taxSale: flag(row['tax_sale'] as boolean),
    productPmmStatus: row['product_pmm_status'] as string,
    dateUpdate: row['date_text'] as string,
    isEcommerce: flag(row['is_ecommerce'] as boolean),
    measurable: flag(row['measurable'] as boolean),
    conversionFactor: row['conversion_factor'] as number,
    barcodes: row['barcodes'] as Product['barcodes'],
    hierarchies: row['hierarchies'] as Product['hierarchies'],
    lstAttributes: row['attributes'] as Product['lstAttributes'],
    salesTax: row['sales_tax'] as number | null,
  }));
}

/** What a stored product is expected to read back as: optional fields absent are stored as null. */
export function asStored(product: Product): Product {
  return { ...product, dispatchType: product.dispatchType ?? null, salesTax: product.salesTax ?? null };
}

export const byCode = (a: Product, b: Product) => (a.productCode < b.productCode ? -1 : 1);
