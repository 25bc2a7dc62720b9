import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The product master and upload status (product-pipeline.md P3, P4, P5); only the ingest worker writes them.
 *  - `products`: one row per productCode; numbers as double precision (exactly the JSON numbers uploaded),
 *    `date_update` the wall-clock time as uploaded (business time zone), `process_code` the upload that wrote it.
 *    `sku_code` is indexed: the capacity calculation reads weights (kg per unit) by SKU.
 *  - `product_barcodes`, `product_hierarchies`, `product_attributes`: the child lists in upload order
 *    (`position`), replaced as a whole whenever their product is written.
 *  - `product_uploads`: one row per upload with its counters; `product_upload_batches`: one row per settled
 *    message (0 = manifest), which makes every message count once however often it is delivered.
 *  The view `product_weights` the capacity calculation reads (E1.5) is defined over `products` in
 *  definitions/product-weights.view.ts.
 */
export class Products1795280000000 implements MigrationInterface {
  name = 'Products1795280000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE products (
        product_code text PRIMARY KEY,
        sku_code text NOT NULL,
        ean_code text NOT NULL,
        description text NOT NULL,
        price double precision NOT NULL,
        length double precision NOT NULL,
        width double precision NOT NULL,
        height double precision NOT NULL,
        weight double precision NOT NULL,
        product_type text NOT NULL,
        dispatch_type text,
        unit_measurement text NOT NULL,
        united_nations_code text NOT NULL,
        hierarchy_code text NOT NULL,
        tax_sale boolean NOT NULL,
        product_pmm_status text NOT NULL,
        date_update timestamp NOT NULL,
        is_ecommerce boolean NOT NULL,
        measurable boolean NOT NULL,
        conversion_factor double precision NOT NULL,
        sales_tax double precision,
        process_code uuid NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX products_sku_code_idx ON products (sku_code)`);
    await queryRunner.query(`
      COMMENT ON TABLE products IS 'Product master (spec 001 §2.2); length/width/height in cm, weight in kg per unit'`);
    await queryRunner.query(`
      CREATE TABLE product_barcodes (
        product_code text NOT NULL,
        position integer NOT NULL,
        barcode_product_code text NOT NULL,
        ean_code text NOT NULL,
        indicator text NOT NULL,
        PRIMARY KEY (product_code, position)
      )`);
    await queryRunner.query(`
      CREATE TABLE product_hierarchies (
        product_code text NOT NULL,
        position integer NOT NULL,
        hierarchy_description text NOT NULL,
        hierarchy_code text NOT NULL,
        hierarchy_parent text NOT NULL,
        hierarchy_name text NOT NULL,
        hierarchy_level integer NOT NULL,
        PRIMARY KEY (product_code, position)
      )`);
    await queryRunner.query(`
      CREATE TABLE product_attributes (
        product_code text NOT NULL,
        position integer NOT NULL,
        attribute_type text NOT NULL,
        parent_attribute_code text NOT NULL,
        attribute_code text NOT NULL,
        attribute_description text NOT NULL,
        attribute_product_code text NOT NULL,
        key_sub_attribute text NOT NULL,
        attribute_description_detail text NOT NULL,
        PRIMARY KEY (product_code, position)
      )`);
    await queryRunner.query(`
      CREATE TABLE product_uploads (
        process_code uuid PRIMARY KEY,
        received integer NOT NULL,
        accepted integer NOT NULL,
        rejected integer NOT NULL,
        batch_total integer NOT NULL,
        batch_done integer NOT NULL DEFAULT 0,
        persisted integer NOT NULL DEFAULT 0,
        skipped_stale integer NOT NULL DEFAULT 0,
        failed integer NOT NULL DEFAULT 0,
        manifest_recorded boolean NOT NULL DEFAULT false,
        errors jsonb NOT NULL DEFAULT '[]',
        warnings jsonb NOT NULL DEFAULT '[]',
        failed_batches jsonb NOT NULL DEFAULT '[]',
        received_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE product_upload_batches (
        process_code uuid NOT NULL,
        batch_index integer NOT NULL,
        outcome text NOT NULL CHECK (outcome IN ('persisted', 'failed')),
        products integer NOT NULL,
        persisted integer NOT NULL DEFAULT 0,
        skipped_stale integer NOT NULL DEFAULT 0,
        failed integer NOT NULL DEFAULT 0,
        reason text,
        recorded_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (process_code, batch_index)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP VIEW IF EXISTS product_weights');
    for (const table of [
      'product_upload_batches',
      'product_uploads',
      'product_attributes',
      'product_hierarchies',
      'product_barcodes',
      'products',
    ]) {
      await queryRunner.query(`DROP TABLE ${table}`);
    }
  }
}
