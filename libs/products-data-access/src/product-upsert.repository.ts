import { createHash } from 'node:crypto';
import type { Product } from '@delivery/contracts/messages';
import { booleanArrayLiteral, numberArrayLiteral, textArrayLiteral } from '@delivery/persistence';
import type { Sql } from '@delivery/persistence';
import type { PreparedProducts, StoredState } from '@delivery/products-domain';

/** How a column's values travel: one array literal per column, cast to `<type>[]` in SQL. */
type ColumnType = 'text' | 'float8' | 'int4' | 'bool' | 'timestamp';
/** Column, Postgres type, value of a row. */
type Column<T> = readonly [string, ColumnType, (row: T) => unknown];

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

/** A child row: its product, its position in the product's list, the item. */
interface ChildRow<T> {
  readonly owner: string;
  readonly position: number;
  readonly item: T;
}

interface Child<T> {
  readonly table: string;
  readonly list: (product: Product) => readonly T[];
  readonly columns: readonly Column<ChildRow<T>>[];
}

type Barcode = Product['barcodes'][number];
type Hierarchy = Product['hierarchies'][number];
type Attribute = Product['lstAttributes'][number];

/** Every child table starts with its product and the position in the product's list. */
function childColumns<T>(
  columns: readonly (readonly [string, ColumnType, (item: T) => unknown])[],
): Column<ChildRow<T>>[] {
  return [
    ['product_code', 'text', (row) => row.owner],
    ['position', 'int4', (row) => row.position],
    ...columns.map(([name, type, value]): Column<ChildRow<T>> => [name, type, (row) => value(row.item)]),
  ];
}

const BARCODES: Child<Barcode> = {
  table: 'product_barcodes',
  list: (p) => p.barcodes,
  columns: childColumns<Barcode>([
    ['barcode_product_code', 'text', (b) => b.productCode],
    ['ean_code', 'text', (b) => b.eanCode],
    ['indicator', 'text', (b) => b.indicator],
  ]),
};
const HIERARCHIES: Child<Hierarchy> = {
  table: 'product_hierarchies',
  list: (p) => p.hierarchies,
  columns: childColumns<Hierarchy>([
    ['hierarchy_description', 'text', (h) => h.hierarchyDescription],
    ['hierarchy_code', 'text', (h) => h.hierarchyCode],
    ['hierarchy_parent', 'text', (h) => h.hierarchyParent],
    ['hierarchy_name', 'text', (h) => h.hierarchyName],
    ['hierarchy_level', 'int4', (h) => h.hierarchyLevel],
  ]),
};
const ATTRIBUTES: Child<Attribute> = {
  table: 'product_attributes',
  list: (p) => p.lstAttributes,
  columns: childColumns<Attribute>([
    ['attribute_type', 'text', (a) => a.attributeType],
    ['parent_attribute_code', 'text', (a) => a.parentAttributeCode],
    ['attribute_code', 'text', (a) => a.attributeCode],
    ['attribute_description', 'text', (a) => a.attributeDescription],
    ['attribute_product_code', 'text', (a) => a.productCode],
    ['key_sub_attribute', 'text', (a) => a.keySubAttribute],
    ['attribute_description_detail', 'text', (a) => a.attributeDescriptionDetail],
  ]),
};
const CHILDREN = [BARCODES, HIERARCHIES, ATTRIBUTES] as readonly Child<unknown>[];

/** `unnest($first::t1[], $first+1::t2[], …) AS alias(c1, c2, …)` over `columns`. */
function unnestOf(columns: readonly Column<never>[], first: number, alias: string): string {
  const arrays = columns.map(([, type], i) => `$${first + i}::${type}[]`);
  return `unnest(${arrays.join(', ')}) AS ${alias}(${columns.map(([name]) => name).join(', ')})`;
}

/** The columns a statement writes: the product's, then its content hash (`contentHashOf`). */
const WRITTEN_COLUMNS: readonly Column<never>[] = [...PRODUCT_COLUMNS, ['content_hash', 'text', () => null]];
const PRODUCT_NAMES = WRITTEN_COLUMNS.map(([name]) => name).join(', ');
/** Parameters: the column arrays, one flag per row (`pick`), the upload's process code. */
const PROCESS_CODE_PARAM = WRITTEN_COLUMNS.length + 2;
/** The rows whose flag is true, with the upload's process code and the time. */
const PRODUCT_SOURCE = `SELECT ${WRITTEN_COLUMNS.map(([name]) => `u.${name}`).join(', ')}, $${PROCESS_CODE_PARAM}::uuid, now()
  FROM ${unnestOf([...WRITTEN_COLUMNS, ['pick', 'bool', () => null]], 1, 'u')}
  WHERE u.pick`;

/**
 * The products already stored, each with whether it is identical (same content hash) to the stored row: an index
 * lookup per product, nothing locked or written.
 */
const FIND_STORED = `
  SELECT u.product_code, p.content_hash = u.content_hash AS same
  FROM unnest($1::text[], $2::text[]) AS u(product_code, content_hash)
  JOIN products p ON p.product_code = u.product_code`;

/**
 * Products not stored yet (flagged). Nothing else writes the product tables, so a product inserted here has no
 * children to replace. A product another transaction is inserting makes this wait for it; if it commits, the
 * product is not returned here and the upsert below takes it.
 */
const INSERT_NEW_PRODUCTS = `
  INSERT INTO products (${PRODUCT_NAMES}, process_code, updated_at)
  ${PRODUCT_SOURCE}
  ON CONFLICT (product_code) DO NOTHING
  RETURNING product_code`;

/**
 * Stored products that changed (flagged), upserted with the dateUpdate guard: a strictly newer stored row is left
 * as it is (not returned: stale).
 */
const UPSERT_STORED_PRODUCTS = `
  INSERT INTO products (${PRODUCT_NAMES}, process_code, updated_at)
  ${PRODUCT_SOURCE}
  ON CONFLICT (product_code) DO UPDATE SET
    ${WRITTEN_COLUMNS.slice(1)
      .map(([name]) => `${name} = EXCLUDED.${name}`)
      .join(', ')},
    process_code = EXCLUDED.process_code, updated_at = EXCLUDED.updated_at
  WHERE products.date_update <= EXCLUDED.date_update
  RETURNING product_code`;

/**
 * The children of products this transaction updated, every table in one statement. It runs after the upsert,
 * with a snapshot taken while the products' rows are locked, so it sees every child row committed before.
 */
const DELETE_CHILDREN = `
  WITH ${CHILDREN.map(
    ({ table }) => `${table} AS (DELETE FROM ${table} WHERE product_code = ANY($1::text[]))`,
  ).join(',\n  ')}
  SELECT 1`;

/**
 * The written products' children, every table in one statement: the batch's children, those of the products in
 * the last parameter only when it is not null (some products were stale).
 */
const INSERT_CHILDREN = (() => {
  const written = `$${CHILDREN.reduce((n, { columns }) => n + columns.length, 0) + 1}::text[]`;
  let next = 1;
  const inserts = CHILDREN.map(({ table, columns }) => {
    const names = columns.map(([name]) => name).join(', ');
    const source = unnestOf(columns, next, 'c');
    next += columns.length;
    return `${table} AS (INSERT INTO ${table} (${names}) SELECT * FROM ${source}
      WHERE ${written} IS NULL OR c.product_code = ANY(${written}))`;
  });
  return `WITH ${inserts.join(',\n  ')}\n  SELECT 1`;
})();

/** One array literal per column of `rows`. */
function literalsOf<T>(rows: readonly T[], columns: readonly Column<T>[]): string[] {
  return columns.map(([, type, value]) => {
    const values = rows.map(value);
    switch (type) {
      case 'float8':
      case 'int4':
        return numberArrayLiteral(values as (number | null)[]);
      case 'bool':
        return booleanArrayLiteral(values as (boolean | null)[]);
      default:
        return textArrayLiteral(values as (string | null)[]);
    }
  });
}

function childRowsOf<T>(child: Child<T>, products: readonly Product[]): ChildRow<T>[] {
  const rows: ChildRow<T>[] = [];
  for (const product of products) {
    const list = child.list(product);
    for (let position = 0; position < list.length; position++)
      rows.push({ owner: product.productCode, position, item: list[position] });
  }
  return rows;
}

/**
 * What a product is as stored: SHA-256 (base64) of every value written for it, children included, in column order.
 * Equal hashes mean identical rows, however the product's JSON was laid out.
 */
export function contentHashOf(product: Product): string {
  const values: unknown[] = PRODUCT_COLUMNS.map(([, , value]) => value(product));
  for (const child of CHILDREN)
    values.push(
      child
        .list(product)
        .map((item, position) =>
          child.columns.map(([, , value]) => value({ owner: product.productCode, position, item })),
        ),
    );
  return createHash('sha256').update(JSON.stringify(values)).digest('base64');
}

/**
 * P3.2/P3.4: writes products with multi-row statements (`PreparedProducts`: one array literal per column of the
 * products, their content hash last, and of their children). Before the transaction, `storedState` looks up the stored
 * rows of a batch's codes with their content hash: a product identical to its stored row is unchanged and is not
 * written at all (`prepare` is given only the others). In the transaction (products in code order so concurrent
 * writers lock rows in one order) the new products are inserted (`INSERT … SELECT FROM unnest(…) ON CONFLICT DO
 * NOTHING`); the changed ones, and new ones another transaction inserted meanwhile, are upserted with the dateUpdate
 * guard (a stored product strictly newer than the incoming one is left as it is: stale) and exactly their children
 * deleted; then the children of every written product are inserted in one statement.
 *
 * Looking before the transaction is safe: products are never deleted, so a product seen stored stays stored; one
 * seen absent is taken by the upsert if another transaction inserts it first; one seen identical and changed by a
 * concurrent upload right after is as if this upload had been written first.
 */
export class ProductUpsertRepository {
  async storedState(sql: Sql, codes: readonly string[], hashes: readonly string[]): Promise<StoredState> {
    if (codes.length === 0) return new Map();
    const rows = await sql.query<{ product_code: string; same: boolean | null }>(FIND_STORED, [
      textArrayLiteral(codes),
      textArrayLiteral(hashes),
    ]);
    return new Map(rows.map((row) => [row.product_code, row.same === true]));
  }

  /** The column arrays of `products` (distinct productCodes, in the order they are to be written). */
  prepare(products: readonly Product[], hashes: readonly string[], state: StoredState): PreparedProducts {
    return {
      codes: products.map((p) => p.productCode),
      stored: products.map((p) => state.has(p.productCode)),
      productColumns: [...literalsOf(products, PRODUCT_COLUMNS), textArrayLiteral(hashes)],
      childColumns: CHILDREN.flatMap((child) => literalsOf(childRowsOf(child, products), child.columns)),
    };
  }

  /** Writes the prepared products; returns the productCodes written (the others were stale). */
  async upsert(sql: Sql, processCode: string, batch: PreparedProducts): Promise<ReadonlySet<string>> {
    const written = new Set<string>();
    const { productColumns, codes, stored } = batch;
    const write = (statement: string, picked: readonly boolean[]) =>
      sql.query<{ product_code: string }>(statement, [
        ...productColumns,
        booleanArrayLiteral(picked),
        processCode,
      ]);
    if (stored.includes(false))
      for (const row of await write(
        INSERT_NEW_PRODUCTS,
        stored.map((s) => !s),
      ))
        written.add(row.product_code);
    const changed = codes.map((code, i) => stored[i] || !written.has(code));
    if (changed.includes(true)) {
      const updated = (await write(UPSERT_STORED_PRODUCTS, changed)).map((row) => row.product_code);
      if (updated.length > 0) {
        await sql.query(DELETE_CHILDREN, [textArrayLiteral(updated)]);
        for (const code of updated) written.add(code);
      }
    }
    if (written.size > 0)
      await sql.query(INSERT_CHILDREN, [
        ...batch.childColumns,
        written.size === codes.length ? null : textArrayLiteral([...written]),
      ]);
    return written;
  }
}
