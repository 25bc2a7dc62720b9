import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Unchanged re-sends cost (almost) nothing (product-pipeline.md, "Ingest"):
 *  - `products.content_hash`: SHA-256 (base64) of the product as stored, children included, computed by the worker
 *    from the values it writes; a re-sent product with the same hash is identical and is not written. NULL for rows
 *    written before this column existed: the next upload of such a product writes it once and sets its hash.
 *  - `unchanged` counters on `product_uploads` and `product_upload_batches`: products found identical.
 */
export class ProductContentHash1795300000000 implements MigrationInterface {
  name = 'ProductContentHash1795300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE products ADD COLUMN content_hash text`);
    await queryRunner.query(`ALTER TABLE product_uploads ADD COLUMN unchanged integer NOT NULL DEFAULT 0`);
    await queryRunner.query(
      `ALTER TABLE product_upload_batches ADD COLUMN unchanged integer NOT NULL DEFAULT 0`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE product_upload_batches DROP COLUMN unchanged`);
    await queryRunner.query(`ALTER TABLE product_uploads DROP COLUMN unchanged`);
    await queryRunner.query(`ALTER TABLE products DROP COLUMN content_hash`);
  }
}
