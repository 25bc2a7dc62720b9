import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The window hours a reservation was made with, kept with each selection (`deliveryWindowHours`: `{start, end}`,
 * HH:MM as the configuration gave them) so that the reservation check compares a later configuration's hours with
 * them, not with the version before (docs/reservations.md, "When a change breaks a reservation"): a window moved
 * and moved back breaks nothing. Holds and moves write them from now on; the selections are `jsonb`, so no column
 * and no function changes. Selections with a window written before are filled in here:
 *  - with the wall-clock hours of `deliveryWindowStart`/`deliveryWindowEnd`, the instants the calculation gave when
 *    the hold (or its last move) was made: exactly its hours;
 *  - else (made before those were kept) with the window's hours in the configuration version loaded last at or
 *    before the reservation was made or last moved;
 *  - else (no such version, or it has no such window) they stay absent, and the check compares that selection with
 *    the version before, as it did for every reservation until now.
 */
export class ReservationWindowHours1795405000000 implements MigrationInterface {
  name = 'ReservationWindowHours1795405000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      UPDATE capacity_reservations r SET selections = (
        SELECT jsonb_agg(CASE
            WHEN s.item ->> 'deliveryWindow' IS NULL OR s.item ? 'deliveryWindowHours' THEN s.item
            WHEN s.item ? 'deliveryWindowStart' THEN s.item || jsonb_build_object('deliveryWindowHours',
              jsonb_build_object('start', substr(s.item ->> 'deliveryWindowStart', 12, 5),
                                 'end', substr(s.item ->> 'deliveryWindowEnd', 12, 5)))
            ELSE s.item || coalesce((
              SELECT jsonb_build_object('deliveryWindowHours',
                       jsonb_build_object('start', w.item ->> 'start', 'end', w.item ->> 'end'))
              FROM (SELECT v.document FROM capacity_configuration_versions v
                    WHERE v.loaded_at <= coalesce(
                      (SELECT max(m.moved_at) FROM capacity_reservation_moves m WHERE m.reservation = r.identifier),
                      r.created_at)
                    ORDER BY v.version DESC LIMIT 1) AS d,
                jsonb_array_elements(d.document -> 'routes') AS route(item),
                jsonb_array_elements(coalesce(route.item -> 'deliveryWindows', '[]')) AS w(item)
              WHERE w.item ->> 'code' = s.item ->> 'deliveryWindow'
                AND EXISTS (SELECT FROM jsonb_array_elements(s.item -> 'plan') AS e(step)
                            WHERE e.step ->> 'scope' = 'WINDOW'
                              AND e.step ->> 'ref' = (route.item ->> 'code') || ':' || (w.item ->> 'code'))
              LIMIT 1), '{}'::jsonb)
          END ORDER BY s.position)
        FROM jsonb_array_elements(r.selections) WITH ORDINALITY AS s(item, position))
      WHERE EXISTS (SELECT FROM jsonb_array_elements(r.selections) AS s(item)
                    WHERE s.item ->> 'deliveryWindow' IS NOT NULL AND NOT s.item ? 'deliveryWindowHours')`);
  }

  async down(): Promise<void> {
    throw new Error(`${this.name} is not reverted: restore a backup`);
  }
}
