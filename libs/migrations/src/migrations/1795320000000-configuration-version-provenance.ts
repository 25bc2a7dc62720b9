import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Who made a configuration version and how (configuration.md "Versions"):
 *  - `created_by`: the subject of the principal that made it (JWT `sub`, API key name, Basic user; the tool's name
 *    for the dev launcher and `npm run demo:reset`);
 *  - `how`: `IMPORT` (PUT /configuration), `LOAD` (POST /configuration/load) or `ROLLBACK` (activation of an older
 *    version, which `source_version` names);
 *  - `node_count`, `zone_count`, `route_count`: the size of its document, so the history lists without reading one.
 * Versions recorded before this migration keep `created_by`, `how` and `source_version` NULL (not known); their
 * counts are computed from their documents here.
 */
export class ConfigurationVersionProvenance1795320000000 implements MigrationInterface {
  name = 'ConfigurationVersionProvenance1795320000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE capacity_configuration_versions
        ADD COLUMN created_by text,
        ADD COLUMN how text CHECK (how IN ('IMPORT', 'LOAD', 'ROLLBACK')),
        ADD COLUMN source_version bigint CHECK ((how = 'ROLLBACK') = (source_version IS NOT NULL)),
        ADD COLUMN node_count integer NOT NULL DEFAULT 0,
        ADD COLUMN zone_count integer NOT NULL DEFAULT 0,
        ADD COLUMN route_count integer NOT NULL DEFAULT 0`);
    await queryRunner.query(`
      UPDATE capacity_configuration_versions SET
        node_count = CASE WHEN jsonb_typeof(document->'nodes') = 'array' THEN jsonb_array_length(document->'nodes') ELSE 0 END,
        zone_count = CASE WHEN jsonb_typeof(document->'zones') = 'array' THEN jsonb_array_length(document->'zones') ELSE 0 END,
        route_count = CASE WHEN jsonb_typeof(document->'routes') = 'array' THEN jsonb_array_length(document->'routes') ELSE 0 END`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE capacity_configuration_versions
        DROP COLUMN route_count, DROP COLUMN zone_count, DROP COLUMN node_count,
        DROP COLUMN source_version, DROP COLUMN how, DROP COLUMN created_by`);
  }
}
