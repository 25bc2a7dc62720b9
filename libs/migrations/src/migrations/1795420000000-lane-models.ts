import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The lane model (docs/learning.md): what each promise was made with, and the models learned from the outcomes.
 *
 * - `delivery_promises.buffer_days`: the days the lane's buffer added to the plan (the planned day is the promised
 *   day minus it), 0 for a promise made without one and for every promise made before; `probability`: the
 *   probability the answer gave the promised date, `model_version` the model it came from (NULL without a model).
 *   `delivery_promises_planned` (definitions/) copies them from the reservation's selection.
 * - `lane_models`: one row per model version (`lane_models_version`), the model as the domain built it (`body`,
 *   without its version), the instant it was built and the day that was "today" for it, its size (`lanes`, the
 *   lanes of its own; `deliveries`, the observations it learned from), and `outcomes_mark`: where the writes of
 *   `delivery_promises` stood just before the model read them (its file and the rows written to it, as Postgres
 *   counts them in `pg_stat_user_tables`), which the next refresh compares with to skip a model when nothing was
 *   written since.
 *
 * Only additions: a previous release writes promises without the new columns (their defaults) and never reads the
 * table.
 */
export class LaneModels1795420000000 implements MigrationInterface {
  name = 'LaneModels1795420000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE delivery_promises
        ADD COLUMN buffer_days integer NOT NULL DEFAULT 0,
        ADD COLUMN probability real CHECK (probability BETWEEN 0 AND 1),
        ADD COLUMN model_version bigint`);
    await queryRunner.query('CREATE SEQUENCE lane_models_version AS bigint');
    await queryRunner.query(`
      CREATE TABLE lane_models (
        version bigint PRIMARY KEY DEFAULT nextval('lane_models_version'),
        built_at timestamptz NOT NULL,
        today date NOT NULL,
        body jsonb NOT NULL,
        lanes integer NOT NULL,
        deliveries bigint NOT NULL,
        outcomes_mark text NOT NULL
      )`);
    await queryRunner.query(`ALTER SEQUENCE lane_models_version OWNED BY lane_models.version`);
    await queryRunner.query('CREATE INDEX lane_models_built_idx ON lane_models (built_at)');
  }

  async down(): Promise<void> {
    throw new Error(`${this.name} is not reverted: restore a backup`);
  }
}
