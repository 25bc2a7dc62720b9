import type { Definition } from './definition';

/**
 * `capacity_give_back(taken)`: decrements what reservations took (`[{scope, ref, date, units}]`), summed per counter and
 * in `(scope, ref, date)` order like every other writer of counters; never below 0. A release, the expiry and a move
 * give back through it. Returns the number of counters it reached.
 */
export const capacityGiveBack: Definition = {
  name: 'capacity_give_back',
  sql: `
CREATE OR REPLACE FUNCTION capacity_give_back(taken jsonb) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  counter record;
  given integer := 0;
BEGIN
  FOR counter IN
    SELECT t.scope, t.ref, t.date, sum(t.units) AS units
    FROM jsonb_to_recordset(taken) AS t(scope text, ref text, date date, units bigint)
    GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3
  LOOP
    -- GREATEST: a usage import may have set the counter below what reservations hold
    UPDATE capacity_counters c SET used = GREATEST(c.used - counter.units, 0)
    WHERE c.scope = counter.scope AND c.ref = counter.ref AND c.date = counter.date;
    given := given + 1;
  END LOOP;
  RETURN given;
END
$$;`,
};
