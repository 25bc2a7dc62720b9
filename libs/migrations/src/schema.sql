-- PostgreSQL 15: the schema a database migrated from empty holds (pg_dump --schema-only, normalised).
-- Generated, never edited: npx nx run migrations:schema. Checked by libs/migrations/src/schema.int-spec.ts.

--
-- Name: capacity_give_back(jsonb); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.capacity_give_back(taken jsonb) RETURNS integer
    LANGUAGE plpgsql
    AS $$
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
$$;

--
-- Name: capacity_move(jsonb); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.capacity_move(move jsonb) RETURNS TABLE(outcome text, status text, full_counters jsonb, confirmed_at timestamp with time zone)
    LANGUAGE plpgsql
    AS $$
DECLARE
  existing record;
  held record;
  counter record;
  created jsonb;
  at_instant timestamptz := (move ->> 'movedAt')::timestamptz;
BEGIN
  SELECT m.reservation, m.body_hash INTO existing FROM capacity_reservation_moves m
  WHERE m.move_identifier = move ->> 'moveIdentifier';
  IF FOUND THEN
    outcome := CASE WHEN existing.reservation = move ->> 'identifier' AND existing.body_hash = move ->> 'bodyHash'
                    THEN 'replayed' ELSE 'conflict' END;
    RETURN NEXT;
    RETURN;
  END IF;

  SELECT r.status, r.hold_expires_at, r.confirmed_at, r.selections, r.taken INTO held
  FROM capacity_reservations r
  WHERE r.identifier = move ->> 'identifier' FOR UPDATE;
  IF NOT FOUND THEN
    outcome := 'not_found';
    RETURN NEXT;
    RETURN;
  END IF;
  IF held.status NOT IN ('HELD', 'CONFIRMED') OR (held.status = 'HELD' AND held.hold_expires_at <= at_instant) THEN
    outcome := 'not_held';
    status := held.status;
    RETURN NEXT;
    RETURN;
  END IF;

  WITH inserted AS (
    INSERT INTO capacity_counters (scope, ref, date)
    SELECT DISTINCT t.scope, t.ref, t.date FROM jsonb_to_recordset(move -> 'taken') AS t(scope text, ref text, date date)
    ORDER BY 1, 2, 3
    ON CONFLICT (scope, ref, date) DO NOTHING
    RETURNING scope, ref, date
  )
  SELECT coalesce(jsonb_agg(to_jsonb(inserted)), '[]') INTO created FROM inserted;
  FOR counter IN
    SELECT t.scope, t.ref, t.date
    FROM jsonb_to_recordset((move -> 'taken') || held.taken) AS t(scope text, ref text, date date)
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  LOOP
    PERFORM FROM capacity_counters c
    WHERE c.scope = counter.scope AND c.ref = counter.ref AND c.date = counter.date
    FOR UPDATE;
  END LOOP;

  SELECT jsonb_agg(jsonb_build_object('scope', n.scope, 'ref', n.ref, 'date', n.date) ORDER BY n.scope, n.ref, n.date)
  INTO full_counters
  FROM jsonb_to_recordset(move -> 'taken') AS n(scope text, ref text, date date, units bigint, capacity bigint)
  JOIN capacity_counters c ON c.scope = n.scope AND c.ref = n.ref AND c.date = n.date
  LEFT JOIN jsonb_to_recordset(held.taken) AS o(scope text, ref text, date date, units bigint)
    ON o.scope = n.scope AND o.ref = n.ref AND o.date = n.date
  WHERE c.used - coalesce(o.units, 0) + n.units > n.capacity;
  IF full_counters IS NULL THEN
    PERFORM capacity_give_back(held.taken);
    FOR counter IN
      SELECT * FROM jsonb_to_recordset(move -> 'taken')
        AS t(scope text, ref text, date date, units bigint, capacity bigint)
      ORDER BY 1, 2, 3
    LOOP
      UPDATE capacity_counters c SET used = c.used + counter.units, capacity = counter.capacity
      WHERE c.scope = counter.scope AND c.ref = counter.ref AND c.date = counter.date
        AND c.used + counter.units <= counter.capacity;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'move % could not take % % %', move ->> 'moveIdentifier',
          counter.scope, counter.ref, counter.date;
      END IF;
    END LOOP;
    UPDATE capacity_reservations r SET selections = move -> 'selections', taken = move -> 'taken'
    WHERE r.identifier = move ->> 'identifier';
    INSERT INTO capacity_reservation_moves
      (move_identifier, reservation, body_hash, moved_at, selections_before, taken_before)
    VALUES (move ->> 'moveIdentifier', move ->> 'identifier', move ->> 'bodyHash', at_instant,
            held.selections, held.taken);
    UPDATE capacity_usage_removals SET removals = removals + 1;
    outcome := 'moved';
    status := held.status;
    confirmed_at := held.confirmed_at;
  ELSE
    outcome := 'full';
  END IF;

  -- rows created above that the move did not take are not kept
  FOR counter IN SELECT * FROM jsonb_to_recordset(created) AS n(scope text, ref text, date date) LOOP
    DELETE FROM capacity_counters c
    WHERE c.scope = counter.scope AND c.ref = counter.ref AND c.date = counter.date AND c.used = 0;
  END LOOP;
  RETURN NEXT;
END
$$;

--
-- Name: capacity_reservations_promising(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.capacity_reservations_promising() RETURNS void
    LANGUAGE sql
    AS $$
  SELECT set_config('capacity.reservations_promising', 'on', true)
$$;

--
-- Name: capacity_reservations_unpromised(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.capacity_reservations_unpromised() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF current_setting('capacity.reservations_promising', true) IS DISTINCT FROM 'on' THEN
    INSERT INTO capacity_reservations_unpromised (identifier)
    SELECT identifier FROM written WHERE confirmed_at IS NOT NULL
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;

--
-- Name: capacity_reservations_written(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.capacity_reservations_written() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  NEW.written_by := pg_current_xact_id();
  IF TG_OP = 'INSERT' THEN
    NEW.created_by := NEW.written_by;
  END IF;
  RETURN NEW;
END
$$;

--
-- Name: capacity_reserve(jsonb); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.capacity_reserve(reservations jsonb) RETURNS TABLE(slot integer, outcome text, full_counters jsonb)
    LANGUAGE plpgsql
    AS $$
DECLARE
  counter record;
  wanted record;
  room bigint;
  created jsonb;
BEGIN
  -- every counter of the batch exists, then is locked, in key order: from here on the room on each is
  -- what this transaction sees
  WITH inserted AS (
    INSERT INTO capacity_counters (scope, ref, date)
    SELECT DISTINCT t.scope, t.ref, t.date
    FROM jsonb_array_elements(reservations) AS r(item),
         jsonb_to_recordset(r.item -> 'taken') AS t(scope text, ref text, date date)
    ORDER BY 1, 2, 3
    ON CONFLICT (scope, ref, date) DO NOTHING
    RETURNING scope, ref, date
  )
  SELECT coalesce(jsonb_agg(to_jsonb(inserted)), '[]') INTO created FROM inserted;
  FOR counter IN
    SELECT DISTINCT t.scope, t.ref, t.date
    FROM jsonb_array_elements(reservations) AS r(item),
         jsonb_to_recordset(r.item -> 'taken') AS t(scope text, ref text, date date)
    ORDER BY 1, 2, 3
  LOOP
    PERFORM FROM capacity_counters c
    WHERE c.scope = counter.scope AND c.ref = counter.ref AND c.date = counter.date
    FOR UPDATE;
  END LOOP;

  FOR wanted IN
    SELECT r.item, r.ordinality::integer AS ordinal
    FROM jsonb_array_elements(reservations) WITH ORDINALITY AS r(item, ordinality)
    ORDER BY r.item ->> 'identifier', r.ordinality
  LOOP
    slot := wanted.ordinal;
    full_counters := NULL;
    -- the identifier first: a concurrent duplicate waits here for the other writer, then takes nothing
    INSERT INTO capacity_reservations
      (identifier, body_hash, status, created_at, hold_expires_at, selections, taken, request)
    VALUES (wanted.item ->> 'identifier', wanted.item ->> 'bodyHash', 'HELD',
            (wanted.item ->> 'createdAt')::timestamptz, (wanted.item ->> 'holdExpiresAt')::timestamptz,
            wanted.item -> 'selections', wanted.item -> 'taken', wanted.item -> 'request')
    ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
      outcome := 'duplicate';
      RETURN NEXT;
      CONTINUE;
    END IF;
    FOR counter IN
      SELECT * FROM jsonb_to_recordset(wanted.item -> 'taken')
        AS t(scope text, ref text, date date, units bigint, capacity bigint)
    LOOP
      SELECT c.used INTO room FROM capacity_counters c
      WHERE c.scope = counter.scope AND c.ref = counter.ref AND c.date = counter.date;
      IF room + counter.units > counter.capacity THEN
        full_counters := coalesce(full_counters, '[]') ||
          jsonb_build_object('scope', counter.scope, 'ref', counter.ref, 'date', counter.date);
      END IF;
    END LOOP;
    IF full_counters IS NOT NULL THEN
      DELETE FROM capacity_reservations r WHERE r.identifier = wanted.item ->> 'identifier';
      outcome := 'full';
      RETURN NEXT;
      CONTINUE;
    END IF;
    FOR counter IN
      SELECT * FROM jsonb_to_recordset(wanted.item -> 'taken')
        AS t(scope text, ref text, date date, units bigint, capacity bigint)
    LOOP
      UPDATE capacity_counters c SET used = c.used + counter.units, capacity = counter.capacity
      WHERE c.scope = counter.scope AND c.ref = counter.ref AND c.date = counter.date
        AND c.used + counter.units <= counter.capacity;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'reservation % could not take % % %', wanted.item ->> 'identifier',
          counter.scope, counter.ref, counter.date;
      END IF;
    END LOOP;
    outcome := 'created';
    RETURN NEXT;
  END LOOP;

  -- rows created above that no reservation took are not kept
  FOR counter IN SELECT * FROM jsonb_to_recordset(created) AS n(scope text, ref text, date date) LOOP
    DELETE FROM capacity_counters c
    WHERE c.scope = counter.scope AND c.ref = counter.ref AND c.date = counter.date AND c.used = 0;
  END LOOP;
END
$$;

--
-- Name: capacity_reserve_with_requests(jsonb); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.capacity_reserve_with_requests(reservations jsonb) RETURNS TABLE(slot integer, outcome text, full_counters jsonb)
    LANGUAGE sql
    AS $$ SELECT * FROM capacity_reserve(reservations) $$;

--
-- Name: capacity_usage_removed(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.capacity_usage_removed() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  UPDATE capacity_usage_removals SET removals = removals + 1;
  RETURN NULL;
END
$$;

--
-- Name: delivery_promises; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.delivery_promises (
    reservation_identifier text NOT NULL,
    selection integer NOT NULL,
    origin text NOT NULL,
    dispatch_mode text NOT NULL,
    destination text NOT NULL,
    route text,
    delivery_window text,
    promised_date date NOT NULL,
    picking_date date,
    departure_date date,
    reserved_at timestamp with time zone NOT NULL,
    confirmed_at timestamp with time zone NOT NULL,
    released boolean DEFAULT false NOT NULL,
    state text DEFAULT 'OPEN'::text NOT NULL,
    delivered_date date,
    delay_days integer,
    failed_attempts integer DEFAULT 0 NOT NULL,
    slipped_step text,
    ignored_events integer DEFAULT 0 NOT NULL,
    stale boolean DEFAULT false NOT NULL,
    delivery_window_start timestamp with time zone,
    delivery_window_end timestamp with time zone,
    buffer_days integer DEFAULT 0 NOT NULL,
    probability real,
    model_version bigint,
    CONSTRAINT delivery_promises_check CHECK (((state = 'DELIVERED'::text) = (delivered_date IS NOT NULL))),
    CONSTRAINT delivery_promises_probability_check CHECK (((probability >= (0)::double precision) AND (probability <= (1)::double precision))),
    CONSTRAINT delivery_promises_slipped_step_check CHECK ((slipped_step = ANY (ARRAY['PICKING'::text, 'DEPARTURE'::text, 'TRANSIT'::text, 'DELIVERY_ATTEMPT'::text, 'WINDOW'::text, 'UNKNOWN'::text]))),
    CONSTRAINT delivery_promises_state_check CHECK ((state = ANY (ARRAY['OPEN'::text, 'DELIVERED'::text, 'CANCELLED'::text]))),
    CONSTRAINT delivery_promises_window_hours_check CHECK ((((delivery_window_start IS NULL) = (delivery_window_end IS NULL)) AND ((delivery_window_start < delivery_window_end) IS NOT FALSE)))
);

--
-- Name: delivery_accuracy_days_add(public.delivery_promises[], public.delivery_promises[]); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.delivery_accuracy_days_add(removed public.delivery_promises[], added public.delivery_promises[]) RETURNS void
    LANGUAGE plpgsql
    AS $$
DECLARE
  emptied tid[];
BEGIN
  WITH written AS (
    SELECT -1 AS sign, * FROM unnest(removed)
    UNION ALL
    SELECT 1, * FROM unnest(added)
  ), changed AS (
    SELECT promised_date, coalesce(route, '') AS route, origin, destination, dispatch_mode,
      coalesce(delivery_window, '') AS delivery_window, state, delay_days,
      coalesce(slipped_step, '') AS slipped_step, sum(sign)::int AS promises,
      sum(sign * failed_attempts)::int AS failed_attempts, sum(sign * ignored_events)::int AS ignored_events
    FROM written
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9
    HAVING sum(sign) <> 0 OR sum(sign * failed_attempts) <> 0 OR sum(sign * ignored_events) <> 0
  ), counted AS (
    INSERT INTO delivery_accuracy_days AS d
    SELECT * FROM changed ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9
    ON CONFLICT ON CONSTRAINT delivery_accuracy_days_key DO UPDATE SET
      promises = d.promises + excluded.promises,
      failed_attempts = d.failed_attempts + excluded.failed_attempts,
      ignored_events = d.ignored_events + excluded.ignored_events
    RETURNING d.ctid, d.promises
  )
  SELECT array_agg(ctid) INTO emptied FROM counted WHERE promises = 0;
  IF emptied IS NOT NULL THEN
    DELETE FROM delivery_accuracy_days WHERE ctid = ANY (emptied) AND promises = 0;
  END IF;
END
$$;

--
-- Name: delivery_accuracy_days_counting(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.delivery_accuracy_days_counting() RETURNS void
    LANGUAGE sql
    AS $$
  SELECT set_config('delivery.accuracy_counted', 'on', true)
$$;

--
-- Name: delivery_accuracy_days_recount(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.delivery_accuracy_days_recount() RETURNS bigint
    LANGUAGE plpgsql
    AS $$
DECLARE
  counted bigint;
BEGIN
  LOCK TABLE delivery_promises IN SHARE ROW EXCLUSIVE MODE;
  DELETE FROM delivery_accuracy_days_uncounted;
  TRUNCATE delivery_accuracy_days;
  INSERT INTO delivery_accuracy_days
  SELECT promised_date, coalesce(route, ''), origin, destination, dispatch_mode, coalesce(delivery_window, ''),
    state, delay_days, coalesce(slipped_step, ''), count(*), sum(failed_attempts), sum(ignored_events)
  FROM delivery_promises GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9;
  GET DIAGNOSTICS counted = ROW_COUNT;
  RETURN counted;
END
$$;

--
-- Name: delivery_accuracy_days_recount_uncounted(timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.delivery_accuracy_days_recount_uncounted(marked_before timestamp with time zone) RETURNS bigint
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF NOT EXISTS (SELECT FROM delivery_accuracy_days_uncounted WHERE since <= marked_before)
     OR NOT pg_try_advisory_xact_lock(hashtext('delivery_accuracy_days_recount')) THEN
    RETURN NULL;
  END IF;
  LOCK TABLE delivery_promises IN SHARE ROW EXCLUSIVE MODE;
  -- another process may have recounted between the look and the lock
  IF NOT EXISTS (SELECT FROM delivery_accuracy_days_uncounted) THEN
    RETURN NULL;
  END IF;
  RETURN delivery_accuracy_days_recount();
END
$$;

--
-- Name: delivery_promises_planned(text, jsonb, timestamp with time zone, timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.delivery_promises_planned(identifier text, selections jsonb, reserved timestamp with time zone, confirmed timestamp with time zone) RETURNS void
    LANGUAGE plpgsql
    AS $$
DECLARE
  removed delivery_promises[];
  added delivery_promises[];
  counting text := coalesce(current_setting('delivery.accuracy_counted', true), '');
BEGIN
  PERFORM delivery_accuracy_days_counting();
  -- locked first: what is uncounted is the row as it is when rewritten (an evaluation may have just changed it)
  SELECT array_agg(locked.p) INTO removed FROM (
    SELECT p FROM delivery_promises p
    WHERE p.reservation_identifier = identifier AND p.selection < jsonb_array_length(selections)
    ORDER BY p.selection FOR UPDATE
  ) AS locked;
  WITH written AS (
    INSERT INTO delivery_promises AS p (reservation_identifier, selection, origin, dispatch_mode, destination,
      route, delivery_window, delivery_window_start, delivery_window_end, promised_date, picking_date,
      departure_date, reserved_at, confirmed_at, stale, buffer_days, probability, model_version)
    SELECT identifier, s.position - 1, s.item ->> 'origin', s.item ->> 'dispatchMode',
      s.item ->> 'destination',
      (SELECT string_agg(e.entry ->> 'ref', ' > ' ORDER BY e.position)
       FROM jsonb_array_elements(s.item -> 'plan') WITH ORDINALITY AS e(entry, position)
       WHERE e.entry ->> 'scope' = 'DISPATCH'),
      s.item ->> 'deliveryWindow', (s.item ->> 'deliveryWindowStart')::timestamptz,
      (s.item ->> 'deliveryWindowEnd')::timestamptz, (s.item ->> 'deliveryDate')::date,
      (SELECT min((e.entry ->> 'date')::date) FROM jsonb_array_elements(s.item -> 'plan') AS e(entry)
       WHERE e.entry ->> 'scope' = 'PICKING'),
      (SELECT (e.entry ->> 'date')::date
       FROM jsonb_array_elements(s.item -> 'plan') WITH ORDINALITY AS e(entry, position)
       WHERE e.entry ->> 'scope' = 'DISPATCH' ORDER BY e.position LIMIT 1),
      reserved, confirmed,
      EXISTS (SELECT FROM delivery_outcome_events o
              WHERE o.reservation_identifier = identifier AND o.selection = s.position - 1),
      coalesce((s.item ->> 'bufferDays')::int, 0), (s.item ->> 'probability')::real,
      (s.item ->> 'modelVersion')::bigint
    FROM jsonb_array_elements(selections) WITH ORDINALITY AS s(item, position)
    ON CONFLICT (reservation_identifier, selection) DO UPDATE SET
      origin = EXCLUDED.origin, dispatch_mode = EXCLUDED.dispatch_mode, destination = EXCLUDED.destination,
      route = EXCLUDED.route, delivery_window = EXCLUDED.delivery_window,
      delivery_window_start = EXCLUDED.delivery_window_start, delivery_window_end = EXCLUDED.delivery_window_end,
      promised_date = EXCLUDED.promised_date, picking_date = EXCLUDED.picking_date,
      departure_date = EXCLUDED.departure_date, buffer_days = EXCLUDED.buffer_days,
      probability = EXCLUDED.probability, model_version = EXCLUDED.model_version, released = false, stale = true
    RETURNING p
  )
  SELECT array_agg(written.p) INTO added FROM written;
  PERFORM delivery_accuracy_days_add(removed, added);
  UPDATE delivery_promises SET released = true, stale = true
  WHERE reservation_identifier = identifier AND selection >= jsonb_array_length(selections);
  UPDATE delivery_outcome_events SET orphan = false
  WHERE reservation_identifier = identifier AND orphan AND selection < jsonb_array_length(selections);
  PERFORM set_config('delivery.accuracy_counted', counting, true);
END
$$;

--
-- Name: delivery_promises_uncounted(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.delivery_promises_uncounted() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF current_setting('delivery.accuracy_counted', true) IS DISTINCT FROM 'on' THEN
    INSERT INTO delivery_accuracy_days_uncounted (since) VALUES (now()) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;

--
-- Name: capacity_configuration_versions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.capacity_configuration_versions (
    version bigint NOT NULL,
    loaded_at timestamp with time zone DEFAULT now() NOT NULL,
    document jsonb NOT NULL,
    created_by text,
    how text,
    source_version bigint,
    node_count integer DEFAULT 0 NOT NULL,
    zone_count integer DEFAULT 0 NOT NULL,
    route_count integer DEFAULT 0 NOT NULL,
    CONSTRAINT capacity_configuration_versions_check CHECK (((how = 'ROLLBACK'::text) = (source_version IS NOT NULL))),
    CONSTRAINT capacity_configuration_versions_how_check CHECK ((how = ANY (ARRAY['IMPORT'::text, 'LOAD'::text, 'ROLLBACK'::text])))
);

--
-- Name: capacity_counters; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.capacity_counters (
    scope text NOT NULL,
    ref text NOT NULL,
    date date NOT NULL,
    used bigint DEFAULT 0 NOT NULL,
    capacity bigint,
    CONSTRAINT capacity_counters_scope_check CHECK ((scope = ANY (ARRAY['PICKING'::text, 'DISPATCH'::text, 'WINDOW'::text]))),
    CONSTRAINT capacity_counters_used_check CHECK ((used >= 0)),
    CONSTRAINT capacity_counters_used_within_capacity CHECK (((capacity IS NULL) OR (used <= capacity)))
);

--
-- Name: COLUMN capacity_counters.capacity; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.capacity_counters.capacity IS 'Capacity enforced by the last reservation that took this counter (reservations.md R2.3); NULL until then';

--
-- Name: capacity_node_holidays; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.capacity_node_holidays (
    node_code text NOT NULL,
    date date NOT NULL
);

--
-- Name: capacity_nodes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.capacity_nodes (
    code text NOT NULL,
    "position" integer NOT NULL,
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
);

--
-- Name: capacity_overrides; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.capacity_overrides (
    scope text NOT NULL,
    ref text NOT NULL,
    date date NOT NULL,
    "position" integer NOT NULL,
    capacity numeric
);

--
-- Name: capacity_reservation_moves; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.capacity_reservation_moves (
    move_identifier text NOT NULL,
    reservation text NOT NULL,
    body_hash text NOT NULL,
    moved_at timestamp with time zone NOT NULL,
    selections_before jsonb NOT NULL,
    taken_before jsonb NOT NULL
);

--
-- Name: capacity_reservation_risk_checks; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.capacity_reservation_risk_checks (
    version bigint NOT NULL,
    claimed_at timestamp with time zone NOT NULL,
    finished_at timestamp with time zone
);

--
-- Name: capacity_reservation_risks; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.capacity_reservation_risks (
    version bigint NOT NULL,
    identifier text NOT NULL,
    reason text NOT NULL,
    step jsonb NOT NULL,
    node text,
    origin text NOT NULL,
    delivery_date date NOT NULL,
    selection jsonb NOT NULL,
    earliest_promise jsonb,
    newly boolean NOT NULL,
    published_at timestamp with time zone
);

--
-- Name: capacity_reservations; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.capacity_reservations (
    identifier text NOT NULL,
    body_hash text NOT NULL,
    status text NOT NULL,
    created_at timestamp with time zone NOT NULL,
    hold_expires_at timestamp with time zone,
    confirmed_at timestamp with time zone,
    ended_at timestamp with time zone,
    selections jsonb NOT NULL,
    taken jsonb NOT NULL,
    written_by xid8,
    created_by xid8,
    request jsonb,
    CONSTRAINT capacity_reservations_check CHECK (((status <> 'HELD'::text) OR (hold_expires_at IS NOT NULL))),
    CONSTRAINT capacity_reservations_check1 CHECK (((status <> 'CONFIRMED'::text) OR (hold_expires_at IS NULL))),
    CONSTRAINT capacity_reservations_status_check CHECK ((status = ANY (ARRAY['HELD'::text, 'CONFIRMED'::text, 'RELEASED'::text, 'EXPIRED'::text])))
);

--
-- Name: capacity_reservations_unpromised; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.capacity_reservations_unpromised (
    identifier text NOT NULL,
    since timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: capacity_route_windows; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.capacity_route_windows (
    route_code text NOT NULL,
    code text NOT NULL,
    "position" integer NOT NULL,
    start_time text NOT NULL,
    end_time text NOT NULL,
    capacity numeric
);

--
-- Name: capacity_routes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.capacity_routes (
    code text NOT NULL,
    "position" integer NOT NULL,
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
);

--
-- Name: capacity_settings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.capacity_settings (
    id boolean DEFAULT true NOT NULL,
    timezone text,
    search_horizon_days numeric,
    max_delivery_dates numeric,
    max_legs numeric,
    max_alternative_paths numeric,
    wholesale_units_threshold numeric,
    wholesale_additional_days numeric,
    promise_confidence jsonb,
    CONSTRAINT capacity_settings_id_check CHECK (id)
);

--
-- Name: capacity_usage_removals; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.capacity_usage_removals (
    removals bigint NOT NULL
);

--
-- Name: capacity_zone_ubigeos; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.capacity_zone_ubigeos (
    zone_code text NOT NULL,
    "position" integer NOT NULL,
    ubigeo text NOT NULL
);

--
-- Name: capacity_zones; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.capacity_zones (
    code text NOT NULL,
    "position" integer NOT NULL
);

--
-- Name: delivery_accuracy_days; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.delivery_accuracy_days (
    promised_date date NOT NULL,
    route text NOT NULL,
    origin text NOT NULL,
    destination text NOT NULL,
    dispatch_mode text NOT NULL,
    delivery_window text NOT NULL,
    state text NOT NULL,
    delay_days integer,
    slipped_step text NOT NULL,
    promises integer NOT NULL,
    failed_attempts integer NOT NULL,
    ignored_events integer NOT NULL
);

--
-- Name: delivery_accuracy_days_uncounted; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.delivery_accuracy_days_uncounted (
    one boolean DEFAULT true NOT NULL,
    since timestamp with time zone NOT NULL,
    CONSTRAINT delivery_accuracy_days_uncounted_one_check CHECK (one)
);

--
-- Name: delivery_outcome_events; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.delivery_outcome_events (
    reservation_identifier text NOT NULL,
    selection integer NOT NULL,
    type text NOT NULL,
    occurred_at timestamp with time zone NOT NULL,
    reason text,
    received_at timestamp with time zone NOT NULL,
    orphan boolean NOT NULL,
    CONSTRAINT delivery_outcome_events_type_check CHECK ((type = ANY (ARRAY['PICKED'::text, 'DISPATCHED'::text, 'DELIVERED'::text, 'DELIVERY_FAILED'::text, 'CANCELLED'::text])))
);

--
-- Name: lane_models; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.lane_models (
    version bigint NOT NULL,
    built_at timestamp with time zone NOT NULL,
    today date NOT NULL,
    body jsonb NOT NULL,
    lanes integer NOT NULL,
    deliveries bigint NOT NULL,
    outcomes_mark text NOT NULL
);

--
-- Name: lane_models_version; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.lane_models_version
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: lane_models_version; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.lane_models_version OWNED BY public.lane_models.version;

--
-- Name: migrations; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.migrations (
    id integer NOT NULL,
    "timestamp" bigint NOT NULL,
    name character varying NOT NULL
);

--
-- Name: migrations_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.migrations_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: migrations_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.migrations_id_seq OWNED BY public.migrations.id;

--
-- Name: product_attributes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.product_attributes (
    product_code text NOT NULL,
    "position" integer NOT NULL,
    attribute_type text NOT NULL,
    parent_attribute_code text NOT NULL,
    attribute_code text NOT NULL,
    attribute_description text NOT NULL,
    attribute_product_code text NOT NULL,
    key_sub_attribute text NOT NULL,
    attribute_description_detail text NOT NULL
);

--
-- Name: product_barcodes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.product_barcodes (
    product_code text NOT NULL,
    "position" integer NOT NULL,
    barcode_product_code text NOT NULL,
    ean_code text NOT NULL,
    indicator text NOT NULL
);

--
-- Name: product_hierarchies; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.product_hierarchies (
    product_code text NOT NULL,
    "position" integer NOT NULL,
    hierarchy_description text NOT NULL,
    hierarchy_code text NOT NULL,
    hierarchy_parent text NOT NULL,
    hierarchy_name text NOT NULL,
    hierarchy_level integer NOT NULL
);

--
-- Name: product_upload_batches; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.product_upload_batches (
    process_code uuid NOT NULL,
    batch_index integer NOT NULL,
    outcome text NOT NULL,
    products integer NOT NULL,
    persisted integer DEFAULT 0 NOT NULL,
    skipped_stale integer DEFAULT 0 NOT NULL,
    failed integer DEFAULT 0 NOT NULL,
    reason text,
    recorded_at timestamp with time zone DEFAULT now() NOT NULL,
    unchanged integer DEFAULT 0 NOT NULL,
    CONSTRAINT product_upload_batches_outcome_check CHECK ((outcome = ANY (ARRAY['persisted'::text, 'failed'::text])))
);

--
-- Name: product_uploads; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.product_uploads (
    process_code uuid NOT NULL,
    received integer NOT NULL,
    accepted integer NOT NULL,
    rejected integer NOT NULL,
    batch_total integer NOT NULL,
    batch_done integer DEFAULT 0 NOT NULL,
    persisted integer DEFAULT 0 NOT NULL,
    skipped_stale integer DEFAULT 0 NOT NULL,
    failed integer DEFAULT 0 NOT NULL,
    manifest_recorded boolean DEFAULT false NOT NULL,
    errors jsonb DEFAULT '[]'::jsonb NOT NULL,
    warnings jsonb DEFAULT '[]'::jsonb NOT NULL,
    failed_batches jsonb DEFAULT '[]'::jsonb NOT NULL,
    received_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    unchanged integer DEFAULT 0 NOT NULL
);

--
-- Name: products; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.products (
    product_code text NOT NULL,
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
    date_update timestamp without time zone NOT NULL,
    is_ecommerce boolean NOT NULL,
    measurable boolean NOT NULL,
    conversion_factor double precision NOT NULL,
    sales_tax double precision,
    process_code uuid NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    content_hash text
);

--
-- Name: TABLE products; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.products IS 'Product master (spec 001 §2.2); length/width/height in cm, weight in kg per unit';

--
-- Name: product_weights; Type: VIEW; Schema: public; Owner: -
--

CREATE VIEW public.product_weights AS
 SELECT DISTINCT ON (products.sku_code) products.sku_code AS sku,
    (products.weight)::numeric AS weight_kg
   FROM public.products
  ORDER BY products.sku_code, products.date_update DESC, products.product_code;

--
-- Name: VIEW product_weights; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON VIEW public.product_weights IS 'Product-master weight per SKU in kg per unit of quantity (E1.5, E11.7), read by the capacity calculation: the weight of the product with the newest date_update (ties: the smallest product_code).';

--
-- Name: schema_definitions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.schema_definitions (
    name text NOT NULL,
    checksum text NOT NULL,
    applied_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: stock; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.stock (
    sku text NOT NULL,
    node text NOT NULL,
    available numeric NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: lane_models version; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.lane_models ALTER COLUMN version SET DEFAULT nextval('public.lane_models_version'::regclass);

--
-- Name: migrations id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.migrations ALTER COLUMN id SET DEFAULT nextval('public.migrations_id_seq'::regclass);

--
-- Name: migrations PK_8c82d7f526340ab734260ea46be; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.migrations
    ADD CONSTRAINT "PK_8c82d7f526340ab734260ea46be" PRIMARY KEY (id);

--
-- Name: capacity_configuration_versions capacity_configuration_versions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.capacity_configuration_versions
    ADD CONSTRAINT capacity_configuration_versions_pkey PRIMARY KEY (version);

--
-- Name: capacity_counters capacity_counters_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.capacity_counters
    ADD CONSTRAINT capacity_counters_pkey PRIMARY KEY (scope, ref, date);

--
-- Name: capacity_node_holidays capacity_node_holidays_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.capacity_node_holidays
    ADD CONSTRAINT capacity_node_holidays_pkey PRIMARY KEY (node_code, date);

--
-- Name: capacity_nodes capacity_nodes_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.capacity_nodes
    ADD CONSTRAINT capacity_nodes_pkey PRIMARY KEY (code);

--
-- Name: capacity_overrides capacity_overrides_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.capacity_overrides
    ADD CONSTRAINT capacity_overrides_pkey PRIMARY KEY (scope, ref, date);

--
-- Name: capacity_reservation_moves capacity_reservation_moves_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.capacity_reservation_moves
    ADD CONSTRAINT capacity_reservation_moves_pkey PRIMARY KEY (move_identifier);

--
-- Name: capacity_reservation_risk_checks capacity_reservation_risk_checks_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.capacity_reservation_risk_checks
    ADD CONSTRAINT capacity_reservation_risk_checks_pkey PRIMARY KEY (version);

--
-- Name: capacity_reservation_risks capacity_reservation_risks_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.capacity_reservation_risks
    ADD CONSTRAINT capacity_reservation_risks_pkey PRIMARY KEY (version, identifier);

--
-- Name: capacity_reservations capacity_reservations_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.capacity_reservations
    ADD CONSTRAINT capacity_reservations_pkey PRIMARY KEY (identifier);

--
-- Name: capacity_reservations_unpromised capacity_reservations_unpromised_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.capacity_reservations_unpromised
    ADD CONSTRAINT capacity_reservations_unpromised_pkey PRIMARY KEY (identifier);

--
-- Name: capacity_route_windows capacity_route_windows_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.capacity_route_windows
    ADD CONSTRAINT capacity_route_windows_pkey PRIMARY KEY (route_code, code);

--
-- Name: capacity_routes capacity_routes_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.capacity_routes
    ADD CONSTRAINT capacity_routes_pkey PRIMARY KEY (code);

--
-- Name: capacity_settings capacity_settings_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.capacity_settings
    ADD CONSTRAINT capacity_settings_pkey PRIMARY KEY (id);

--
-- Name: capacity_zone_ubigeos capacity_zone_ubigeos_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.capacity_zone_ubigeos
    ADD CONSTRAINT capacity_zone_ubigeos_pkey PRIMARY KEY (zone_code, "position");

--
-- Name: capacity_zones capacity_zones_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.capacity_zones
    ADD CONSTRAINT capacity_zones_pkey PRIMARY KEY (code);

--
-- Name: delivery_accuracy_days delivery_accuracy_days_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.delivery_accuracy_days
    ADD CONSTRAINT delivery_accuracy_days_key UNIQUE NULLS NOT DISTINCT (promised_date, route, origin, destination, dispatch_mode, delivery_window, state, delay_days, slipped_step);

--
-- Name: delivery_accuracy_days_uncounted delivery_accuracy_days_uncounted_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.delivery_accuracy_days_uncounted
    ADD CONSTRAINT delivery_accuracy_days_uncounted_pkey PRIMARY KEY (one);

--
-- Name: delivery_outcome_events delivery_outcome_events_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.delivery_outcome_events
    ADD CONSTRAINT delivery_outcome_events_pkey PRIMARY KEY (reservation_identifier, selection, type, occurred_at);

--
-- Name: delivery_promises delivery_promises_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.delivery_promises
    ADD CONSTRAINT delivery_promises_pkey PRIMARY KEY (reservation_identifier, selection);

--
-- Name: lane_models lane_models_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.lane_models
    ADD CONSTRAINT lane_models_pkey PRIMARY KEY (version);

--
-- Name: product_attributes product_attributes_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.product_attributes
    ADD CONSTRAINT product_attributes_pkey PRIMARY KEY (product_code, "position");

--
-- Name: product_barcodes product_barcodes_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.product_barcodes
    ADD CONSTRAINT product_barcodes_pkey PRIMARY KEY (product_code, "position");

--
-- Name: product_hierarchies product_hierarchies_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.product_hierarchies
    ADD CONSTRAINT product_hierarchies_pkey PRIMARY KEY (product_code, "position");

--
-- Name: product_upload_batches product_upload_batches_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.product_upload_batches
    ADD CONSTRAINT product_upload_batches_pkey PRIMARY KEY (process_code, batch_index);

--
-- Name: product_uploads product_uploads_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.product_uploads
    ADD CONSTRAINT product_uploads_pkey PRIMARY KEY (process_code);

--
-- Name: products products_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.products
    ADD CONSTRAINT products_pkey PRIMARY KEY (product_code);

--
-- Name: schema_definitions schema_definitions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.schema_definitions
    ADD CONSTRAINT schema_definitions_pkey PRIMARY KEY (name);

--
-- Name: stock stock_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.stock
    ADD CONSTRAINT stock_pkey PRIMARY KEY (sku, node);

--
-- Name: capacity_counters_date_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX capacity_counters_date_idx ON public.capacity_counters USING btree (date);

--
-- Name: capacity_reservation_moves_reservation_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX capacity_reservation_moves_reservation_idx ON public.capacity_reservation_moves USING btree (reservation);

--
-- Name: capacity_reservation_risks_unpublished_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX capacity_reservation_risks_unpublished_idx ON public.capacity_reservation_risks USING btree (version) WHERE (newly AND (published_at IS NULL));

--
-- Name: capacity_reservations_due_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX capacity_reservations_due_idx ON public.capacity_reservations USING btree (hold_expires_at) WHERE (status = 'HELD'::text);

--
-- Name: capacity_reservations_written_by_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX capacity_reservations_written_by_idx ON public.capacity_reservations USING btree (written_by);

--
-- Name: delivery_outcome_events_occurred_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX delivery_outcome_events_occurred_idx ON public.delivery_outcome_events USING btree (occurred_at);

--
-- Name: delivery_outcome_events_orphan_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX delivery_outcome_events_orphan_idx ON public.delivery_outcome_events USING btree (reservation_identifier) WHERE orphan;

--
-- Name: delivery_promises_promised_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX delivery_promises_promised_idx ON public.delivery_promises USING btree (promised_date);

--
-- Name: delivery_promises_stale_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX delivery_promises_stale_idx ON public.delivery_promises USING btree (reservation_identifier, selection) WHERE stale;

--
-- Name: lane_models_built_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX lane_models_built_idx ON public.lane_models USING btree (built_at);

--
-- Name: products_sku_code_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX products_sku_code_idx ON public.products USING btree (sku_code);

--
-- Name: capacity_counters capacity_counters_deleted; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER capacity_counters_deleted AFTER DELETE ON public.capacity_counters FOR EACH ROW WHEN ((old.used > 0)) EXECUTE FUNCTION public.capacity_usage_removed();

--
-- Name: TRIGGER capacity_counters_deleted ON capacity_counters; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TRIGGER capacity_counters_deleted ON public.capacity_counters IS 'A trigger because a removal by any hand (an operator, a usage import, a truncate) must send the usage readers back to a full load: bookkeeping of the rows the readers keep, counted in capacity_usage_removals.';

--
-- Name: capacity_counters capacity_counters_truncated; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER capacity_counters_truncated AFTER TRUNCATE ON public.capacity_counters FOR EACH STATEMENT EXECUTE FUNCTION public.capacity_usage_removed();

--
-- Name: TRIGGER capacity_counters_truncated ON capacity_counters; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TRIGGER capacity_counters_truncated ON public.capacity_counters IS 'A trigger because a removal by any hand (an operator, a usage import, a truncate) must send the usage readers back to a full load: bookkeeping of the rows the readers keep, counted in capacity_usage_removals.';

--
-- Name: capacity_reservations capacity_reservations_deleted; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER capacity_reservations_deleted AFTER DELETE ON public.capacity_reservations FOR EACH ROW WHEN (((old.status = 'HELD'::text) AND (old.written_by IS DISTINCT FROM pg_current_xact_id()))) EXECUTE FUNCTION public.capacity_usage_removed();

--
-- Name: TRIGGER capacity_reservations_deleted ON capacity_reservations; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TRIGGER capacity_reservations_deleted ON public.capacity_reservations IS 'A trigger because a removal by any hand (an operator, a usage import, a truncate) must send the usage readers back to a full load: bookkeeping of the rows the readers keep, counted in capacity_usage_removals.';

--
-- Name: capacity_reservations capacity_reservations_truncated; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER capacity_reservations_truncated AFTER TRUNCATE ON public.capacity_reservations FOR EACH STATEMENT EXECUTE FUNCTION public.capacity_usage_removed();

--
-- Name: TRIGGER capacity_reservations_truncated ON capacity_reservations; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TRIGGER capacity_reservations_truncated ON public.capacity_reservations IS 'A trigger because a removal by any hand (an operator, a usage import, a truncate) must send the usage readers back to a full load: bookkeeping of the rows the readers keep, counted in capacity_usage_removals.';

--
-- Name: capacity_reservations capacity_reservations_unpromised; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER capacity_reservations_unpromised AFTER UPDATE ON public.capacity_reservations REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION public.capacity_reservations_unpromised();

--
-- Name: TRIGGER capacity_reservations_unpromised ON capacity_reservations; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TRIGGER capacity_reservations_unpromised ON public.capacity_reservations IS 'A trigger because a confirmation, move or release by a writer that does not write promises (a previous release''s replica during a rollout, SQL by hand) must be seen, and only the database sees them all: it marks the rows in the table''s own bookkeeping, and the reservation sweep writes their promises through the port.';

--
-- Name: capacity_reservations capacity_reservations_written; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER capacity_reservations_written BEFORE INSERT OR UPDATE ON public.capacity_reservations FOR EACH ROW EXECUTE FUNCTION public.capacity_reservations_written();

--
-- Name: TRIGGER capacity_reservations_written ON capacity_reservations; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TRIGGER capacity_reservations_written ON public.capacity_reservations IS 'A trigger because every writer of a reservation row (hold, confirmation, release, expiry, move, any hand) must stamp the transaction that wrote it, or a usage reader misses the change: the row''s own bookkeeping.';

--
-- Name: delivery_promises delivery_promises_uncounted; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER delivery_promises_uncounted AFTER INSERT OR DELETE OR UPDATE OF promised_date, route, origin, destination, dispatch_mode, delivery_window, state, delay_days, slipped_step, failed_attempts, ignored_events OR TRUNCATE ON public.delivery_promises FOR EACH STATEMENT EXECUTE FUNCTION public.delivery_promises_uncounted();

--
-- Name: TRIGGER delivery_promises_uncounted ON delivery_promises; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TRIGGER delivery_promises_uncounted ON public.delivery_promises IS 'A trigger because a write of promises by any hand (a previous release''s pod during a rollout, SQL by hand) must be seen, and only the database sees them all: it marks the table''s own day rows uncounted, nothing else.';

--
-- Name: capacity_node_holidays capacity_node_holidays_node_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.capacity_node_holidays
    ADD CONSTRAINT capacity_node_holidays_node_code_fkey FOREIGN KEY (node_code) REFERENCES public.capacity_nodes(code) ON DELETE CASCADE;

--
-- Name: capacity_route_windows capacity_route_windows_route_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.capacity_route_windows
    ADD CONSTRAINT capacity_route_windows_route_code_fkey FOREIGN KEY (route_code) REFERENCES public.capacity_routes(code) ON DELETE CASCADE;

--
-- Name: capacity_zone_ubigeos capacity_zone_ubigeos_zone_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.capacity_zone_ubigeos
    ADD CONSTRAINT capacity_zone_ubigeos_zone_code_fkey FOREIGN KEY (zone_code) REFERENCES public.capacity_zones(code) ON DELETE CASCADE;
