import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * capacity-service storage (configuration.md "Storage"):
 *  - configuration tables: settings, nodes (+ holidays), zones (+ ubigeos), routes (+ delivery windows),
 *    capacity overrides — the editable source `POST /configuration/load` rebuilds the snapshot from;
 *  - configuration versions: every successful load, with the exact document it loaded (replicas load it);
 *  - operational rows: capacity counters `(scope, ref, date) → used` and stock `(sku, node) → available`,
 *    read for every calculation through their primary keys (one index range scan per planned counter);
 *  - the view `product_weights (sku, weight_kg)`, through which the calculation reads product-master weights
 *    (E1.5), reads the product tables of the next migration: its definition is definitions/product-weights.view.ts.
 * Configuration numbers are `numeric` so any value the document accepts is stored and read back exactly.
 */
export class Capacity1795271070624 implements MigrationInterface {
  name = 'Capacity1795271070624';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE capacity_settings (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        timezone text,
        search_horizon_days numeric,
        max_delivery_dates numeric,
        max_legs numeric,
        max_alternative_paths numeric,
        wholesale_units_threshold numeric,
        wholesale_additional_days numeric
      )`);
    await queryRunner.query(`
      CREATE TABLE capacity_nodes (
        code text PRIMARY KEY,
        position integer NOT NULL,
        type text NOT NULL,
        name text,
        short_name text,
        address jsonb,
        platform_warehouse_id text,
        platform_dock_id text,
        contact_number text,
        pickup_point_id text,
        delivery_time text,
        picking_days text[] NOT NULL,
        processing_days numeric NOT NULL,
        picking_cutoff_time text,
        picking_capacity numeric
      )`);
    await queryRunner.query(`
      CREATE TABLE capacity_node_holidays (
        node_code text NOT NULL REFERENCES capacity_nodes (code) ON DELETE CASCADE,
        date date NOT NULL,
        PRIMARY KEY (node_code, date)
      )`);
    await queryRunner.query(`
      CREATE TABLE capacity_zones (
        code text PRIMARY KEY,
        position integer NOT NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE capacity_zone_ubigeos (
        zone_code text NOT NULL REFERENCES capacity_zones (code) ON DELETE CASCADE,
        position integer NOT NULL,
        ubigeo text NOT NULL,
        PRIMARY KEY (zone_code, position)
      )`);
    await queryRunner.query(`
      CREATE TABLE capacity_routes (
        code text PRIMARY KEY,
        position integer NOT NULL,
        description text NOT NULL,
        source text NOT NULL,
        target_node text,
        target_zone text,
        mode text NOT NULL,
        dispatch_types text[] NOT NULL,
        days_of_week text[] NOT NULL,
        lead_time_days numeric NOT NULL,
        dispatch_capacity numeric,
        priority numeric NOT NULL,
        cost_base numeric NOT NULL,
        cost_per_kg numeric NOT NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE capacity_route_windows (
        route_code text NOT NULL REFERENCES capacity_routes (code) ON DELETE CASCADE,
        code text NOT NULL,
        position integer NOT NULL,
        start_time text NOT NULL,
        end_time text NOT NULL,
        capacity numeric,
        PRIMARY KEY (route_code, code)
      )`);
    await queryRunner.query(`
      CREATE TABLE capacity_overrides (
        scope text NOT NULL,
        ref text NOT NULL,
        date date NOT NULL,
        position integer NOT NULL,
        capacity numeric,
        PRIMARY KEY (scope, ref, date)
      )`);
    await queryRunner.query(`
      CREATE TABLE capacity_configuration_versions (
        version bigint PRIMARY KEY,
        loaded_at timestamptz NOT NULL DEFAULT now(),
        document jsonb NOT NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE capacity_counters (
        scope text NOT NULL CHECK (scope IN ('PICKING', 'DISPATCH', 'WINDOW')),
        ref text NOT NULL,
        date date NOT NULL,
        used bigint NOT NULL DEFAULT 0 CHECK (used >= 0),
        PRIMARY KEY (scope, ref, date)
      )`);
    await queryRunner.query(`
      CREATE TABLE stock (
        sku text NOT NULL,
        node text NOT NULL,
        available numeric NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (sku, node)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const object of [
      'TABLE stock',
      'TABLE capacity_counters',
      'TABLE capacity_configuration_versions',
      'TABLE capacity_overrides',
      'TABLE capacity_route_windows',
      'TABLE capacity_routes',
      'TABLE capacity_zone_ubigeos',
      'TABLE capacity_zones',
      'TABLE capacity_node_holidays',
      'TABLE capacity_nodes',
      'TABLE capacity_settings',
    ]) {
      await queryRunner.query(`DROP ${object}`);
    }
  }
}
