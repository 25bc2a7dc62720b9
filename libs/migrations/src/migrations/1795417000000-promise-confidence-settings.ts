import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `settings.promiseConfidence` of the configuration (docs/learning.md, "Promising at a confidence"): each sale
 * channel's confidence, kept as the document gives it (`{"bySaleChannel": {"WEB": 0.95}}`); null when the document
 * has none. A previous release writes no value and reads none: its configurations promise at no confidence, as
 * they always did. The versions keep the whole document already (`capacity_configuration_versions.document`).
 */
export class PromiseConfidenceSettings1795417000000 implements MigrationInterface {
  name = 'PromiseConfidenceSettings1795417000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE capacity_settings ADD COLUMN promise_confidence jsonb`);
  }

  async down(): Promise<void> {
    throw new Error(`${this.name} is not reverted: restore a backup`);
  }
}
