import type { Product } from '@delivery/contracts';
import type { SqlExecutor } from './sql-executor';

/** Column, Postgres array type, value of a product. */
type Column<T> = readonly [string, string, (row: T) => unknown];

const flag = (value: 'T' | 'F') => value === 'T';

const PRODUCT_COLUMNS: readonly Column<Product>[] = [
  ['product_code', 'text', (p) => p.productCode],
  ['sku_code', 'text', (p) => p.skuCode],
  ['ean_code', 'text', (p) => p.eanCode],
  ['description', 'text', (p) => p.description],
  ['price', 'float8', (p) => p.price],
  ['length', 'float8', (p) => p.length],
  ['width', 'float8', (p) => p.width],
  ['height', 'float8', (p) => p.height],
  ['weight', 'float8', (p) => p.weight],
  ['product_type', 'text', (p) => p.productType],
  ['dispatch_type', 'text', (p) => p.dispatchType ?? null],
  ['unit_measurement', 'text', (p) => p.unitMeasurement],
  ['united_nations_code', 'text', (p) => p.unitedNationsCode],
  ['hierarchy_code', 'text', (p) => p.hierarchyCode],
  ['tax_sale', 'bool', (p) => flag(p.taxSale)],
  ['product_pmm_status', 'text', (p) => p.productPmmStatus],
  ['date_update', 'timestamp', (p) => p.dateUpdate],
  ['is_ecommerce', 'bool', (p) => flag(p.isEcommerce)],
  ['measurable', 'bool', (p) => flag(p.measurable)],
  ['conversion_factor', 'float8', (p) => p.conversionFactor],
  ['sales_tax', 'float8', (p) => p.salesTax ?? null],
];

interface Child<T> {
  readonly table: string;
  readonly list: (product: Product) => readonly T[];
  readonly columns: readonly Column<T>[];
}

type Barcode = Product['barcodes'][number];
type Hierarchy = Product['hierarchies'][number];
type Attribute = Product['lstAttributes'][number];

const BARCODES: Child<Barcode> = {
  table: 'product_barcodes',
  list: (p) => p.barcodes,
  columns: [
    ['barcode_product_code', 'text', (b) => b.productCode],
    ['ean_code', 'text', (b) => b.eanCode],
    ['indicator', 'text', (b) => b.indicator],
  ],
};
const HIERARCHIES: Child<Hierarchy> = {
  table: 'product_hierarchies',
  list: (p) => p.hierarchies,
  columns: [
    ['hierarchy_description', 'text', (h) => h.hierarchyDescription],
    ['hierarchy_code', 'text', (h) => h.hierarchyCode],
    ['hierarchy_parent', 'text', (h) => h.hierarchyParent],
    ['hierarchy_name', 'text', (h) => h.hierarchyName],
    ['hierarchy_level', 'int4', (h) => h.hierarchyLevel],
  ],
};
const ATTRIBUTES: Child<Attribute> = {
  table: 'product_attributes',
  list: (p) => p.lstAttributes,
  columns: [
    ['attribute_type', 'text', (a) => a.attributeType],
    ['parent_attribute_code', 'text', (a) => a.parentAttributeCode],
    ['attribute_code', 'text', (a) => a.attributeCode],
    ['attribute_description', 'text', (a) => a.attributeDescription],
    ['attribute_product_code', 'text', (a) => a.productCode],
    ['key_sub_attribute', 'text', (a) => a.keySubAttribute],
    ['attribute_description_detail', 'text', (a) => a.attributeDescriptionDetail],
  ],
};

const UPSERT_PRODUCTS = `
  INSERT INTO products (${PRODUCT_COLUMNS.map(([name]) => name).join(', ')}, process_code, updated_at)
  SELECT u.*, $${PRODUCT_COLUMNS.length + 1}::uuid, now()
  FROM unnest(${PRODUCT_COLUMNS.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ')})
    AS u(${PRODUCT_COLUMNS.map(([name]) => name).join(', ')})
  ON CONFLICT (product_code) DO UPDATE SET
    ${PRODUCT_COLUMNS.slice(1)
      .map(([name]) => `${name} = EXCLUDED.${name}`)
      .join(', ')},
    process_code = EXCLUDED.process_code, updated_at = EXCLUDED.updated_at
  WHERE products.date_update <= EXCLUDED.date_update
  RETURNING product_code`;

function insertChildren<T>(child: Child<T>): string {
  const names = ['product_code', 'position', ...child.columns.map(([name]) => name)];
  const types = ['text', 'int4', ...child.columns.map(([, type]) => type)];
  return `INSERT INTO ${child.table} (${names.join(', ')})
    SELECT * FROM unnest(${types.map((type, i) => `$${i + 1}::${type}[]`).join(', ')})`;
}

/** Column-wise arrays of `rows`, one per column, for `unnest`. */
function columnsOf<T>(rows: readonly T[], columns: readonly Column<T>[]): unknown[][] {
  return columns.map(([, , value]) => rows.map(value));
}

/**
 * P3.2/P3.4: writes a batch of products (distinct productCodes) with one multi-row statement per table: an
 * `INSERT … SELECT FROM unnest(…) ON CONFLICT DO UPDATE` guarded by `dateUpdate` (a stored product strictly newer
 * than the incoming one is left as it is), then the written products' children are replaced. Returns the
 * productCodes written; the others were stale. Runs inside the caller's transaction.
 */
export class ProductUpsertRepository {
  async upsert(sql: SqlExecutor, processCode: string, products: readonly Product[]): Promise<Set<string>> {
    if (products.length === 0) return new Set();
    const rows = await sql.query<{ product_code: string }>(UPSERT_PRODUCTS, [
      ...columnsOf(products, PRODUCT_COLUMNS),
      processCode,
    ]);
    const written = new Set(rows.map((row) => row.product_code));
    if (written.size === 0) return written;
    const writtenProducts =
      written.size === products.length ? products : products.filter((p) => written.has(p.productCode));
    const codes = writtenProducts.map((p) => p.productCode);
    for (const child of [BARCODES, HIERARCHIES, ATTRIBUTES] as Child<unknown>[]) {
      await sql.query(`DELETE FROM ${child.table} WHERE product_code = ANY($1::text[])`, [codes]);
      await this.insertChildren(sql, child, writtenProducts);
    }
    return written;
  }

  private async insertChildren<T>(
    sql: SqlExecutor,
    child: Child<T>,
    products: readonly Product[],
  ): Promise<void> {
    const owners: string[] = [];
    const positions: number[] = [];
    const items: T[] = [];
    for (const product of products) {
      child.list(product).forEach((item, position) => {
        owners.push(product.productCode);
        positions.push(position);
        items.push(item);
      });
    }
    if (items.length === 0) return;
    await sql.query(insertChildren(child), [owners, positions, ...columnsOf(items, child.columns)]);
  }
}
