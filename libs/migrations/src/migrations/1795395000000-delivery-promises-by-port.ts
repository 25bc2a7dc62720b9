import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A reservation's delivery promises are written by the reservation use cases through their promises port, in the
 * transaction of the confirmation, the move or the release (docs/database.md, "Triggers"), no longer by the
 * trigger `capacity_reservations_promised` nor inside `capacity_move`: both are dropped here. `capacity_move` is
 * dropped because its result gains a column (`confirmed_at`), which `CREATE OR REPLACE` cannot add; the migrate step
 * creates it again from its definition. Replicas of the previous version confirm, move and release without writing
 * promises while the rollout runs: `capacity_reservations_unpromised` holds the reservations they wrote (marked by
 * the trigger of the same name, definitions/), whose promises every replica's reservation sweep writes by itself
 * (docs/operations.md, "Rolling upgrades").
 */
export class DeliveryPromisesByPort1795395000000 implements MigrationInterface {
  name = 'DeliveryPromisesByPort1795395000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE capacity_reservations_unpromised (
        identifier text PRIMARY KEY,
        since timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('DROP TRIGGER IF EXISTS capacity_reservations_promised ON capacity_reservations');
    await queryRunner.query('DROP FUNCTION IF EXISTS delivery_promises_confirmed()');
    await queryRunner.query('DROP FUNCTION IF EXISTS capacity_move(jsonb)');
  }

  async down(): Promise<void> {
    throw new Error(`${this.name} is not reverted: restore a backup`);
  }
}
