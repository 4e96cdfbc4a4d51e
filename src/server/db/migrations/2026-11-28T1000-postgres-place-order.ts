// PostgreSQL only (issue 18, the order path made fast); SQLite keeps its path and gets nothing.
// - place_orders(): orders the server has already judged (lines resolved and within their
//   limits, orders/place-order.service.ts) written in ONE statement, hence one round trip,
//   and one commit for all of them (group commit: the app sends the orders that arrive while
//   a batch runs as the next batch, orders/place-order-statement.repository.ts). Why batches:
//   a row lock is held until the commit's WAL flush ends, and every order takes the stock rows
//   of the items everybody orders, so one order per transaction made each wait for the flush
//   of the one before (about 1 / fsync time orders a second, whatever the cores).
// - place_order() places one: the person's lock and count, the stock takes, the next round,
//   the order and its lines. It decides nothing the app does not: any condition that would
//   make the app refuse (the person at their limit, stock short) raises SQLSTATE SMFB1. In
//   place_orders each order runs in its own subtransaction, so one that raises is undone
//   alone, answers null, and the app's general path reaches, words and stores its verdict.
// - Idempotency-Key rows: place_orders claims them first (sorted), stores each reply with its
//   order, and gives a key back when its order raised; a key already stored (a replay, or a
//   duplicate in flight, whose row this waits for) answers null too.
// - Lock order, the one every order path follows: the key row, users by id, guest keys
//   sorted, then per item by id its sizes by label and its row. A batch takes them all first,
//   so batches and single orders may wait on each other but never in a cycle.
// Why functions rather than data-modifying CTEs: a CTE cannot undo the stock an order took
// when a later line is short; a subtransaction can.
// - catalogue_version on PostgreSQL: the one counter row every order's stock change bumped at
//   commit made every order wait for the one before it to commit (fsync included). It becomes
//   16 stripe rows behind a view with the old name and shape (id 1, version = the sum), so the
//   catalogue cache reads it as before; a change bumps the stripe of its connection's backend,
//   so concurrent orders on different connections touch different rows. The sum still grows
//   with every committed change, which is all the cache needs (cargo/catalogue-cache.ts).
import { sql, type Kysely, type Migration } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time. */

const STRIPES = 16;

async function stripeCatalogueVersion(db: Kysely<any>): Promise<void> {
  await sql`alter table catalogue_version rename to catalogue_version_stripes`.execute(db);
  await sql`insert into catalogue_version_stripes (id, version)
    select s, 0 from generate_series(2, ${sql.lit(STRIPES)}) s`.execute(db);
  await sql`create view catalogue_version as
    select 1 as id, sum(version)::bigint as version from catalogue_version_stripes`.execute(db);
  await sql`
    create or replace function bump_catalogue_version() returns trigger language plpgsql as $$
    begin
      -- Once per transaction: it runs at commit, and one step up covers all its changes
      -- (an order's batch changed a row three times per order).
      if current_setting('streetmed.catalogue_bumped', true) = 'yes' then return null; end if;
      perform set_config('streetmed.catalogue_bumped', 'yes', true);
      update catalogue_version_stripes set version = version + 1
        where id = 1 + pg_backend_pid() % ${sql.lit(STRIPES)};
      return null;
    end $$`.execute(db);
}

async function unstripeCatalogueVersion(db: Kysely<any>): Promise<void> {
  await sql`drop view catalogue_version`.execute(db);
  await sql`update catalogue_version_stripes set version =
    (select sum(version) from catalogue_version_stripes) where id = 1`.execute(db);
  await sql`delete from catalogue_version_stripes where id <> 1`.execute(db);
  await sql`alter table catalogue_version_stripes rename to catalogue_version`.execute(db);
  await sql`
    create or replace function bump_catalogue_version() returns trigger language plpgsql as $$
    begin
      update catalogue_version set version = version + 1 where id = 1;
      return null;
    end $$`.execute(db);
}

// p_order: the orders row (column names as keys, round_id filled in here); p_lines: the
// order_items rows without order_id, in order; p_takes: the stock moves in the app's lock
// order (orders/reservation.service.ts stockTakes), size_label null = the item's total;
// p_person: {"user_id": n} or {"phone_key": …, "email_key": …}.
const PLACE_ORDER = sql`
  create function place_order(
    p_order jsonb, p_lines jsonb, p_takes jsonb, p_person jsonb,
    p_open_limit integer, p_guest_limit integer, p_guest_since text
  ) returns integer language plpgsql as $$
  declare
    v_now text := p_order->>'request_time';
    v_take record;
    v_lock text;
    v_count bigint;
    v_round integer;
    v_id integer;
  begin
    if p_person ? 'user_id' then
      -- The same lock and count as orders/order-limits.repository.ts.
      perform 1 from users where id = (p_person->>'user_id')::integer for no key update;
      select count(*) into v_count from orders
        where user_id = (p_person->>'user_id')::integer and status in ('PENDING', 'PROCESSING');
      if v_count >= p_open_limit then raise sqlstate 'SMFB1' using message = 'open orders'; end if;
    else
      for v_lock in select distinct k from unnest(array[
          'guest-order:phone:' || (p_person->>'phone_key'),
          'guest-order:email:' || (p_person->>'email_key')]) k order by k loop
        perform pg_advisory_xact_lock(hashtextextended(v_lock, 0));
      end loop;
      select count(*) into v_count from orders
        where order_type = 'GUEST' and request_time > p_guest_since
          and (guest_phone_key = p_person->>'phone_key' or guest_email_key = p_person->>'email_key');
      if v_count >= p_guest_limit then raise sqlstate 'SMFB1' using message = 'guest orders'; end if;
    end if;
    -- Conditional takes, as orders/stock.repository.ts: never below 0, short = nothing taken.
    for v_take in select * from jsonb_to_recordset(p_takes)
        as t(item_id integer, size_label text, quantity integer) loop
      if v_take.size_label is null then
        update cargo_items set quantity = quantity - v_take.quantity, updated_at = v_now
          where id = v_take.item_id and quantity >= v_take.quantity;
      else
        update cargo_item_sizes set quantity = quantity - v_take.quantity
          where item_id = v_take.item_id and size_label = v_take.size_label
            and quantity >= v_take.quantity;
      end if;
      if not found then raise sqlstate 'SMFB1' using message = 'stock short'; end if;
    end loop;
    -- The next round, as orders/order-rounds.repository.ts nextRoundId.
    select id into v_round from rounds where status <> 'CANCELLED' and start_time > v_now
      order by start_time, id limit 1;
    insert into orders (user_id, order_type, status, delivery_address, phone_number, notes,
        first_name, last_name, email, latitude, longitude, round_id, guest_phone_key,
        guest_email_key, request_time, updated_at)
      select o.user_id, o.order_type, o.status, o.delivery_address, o.phone_number, o.notes,
        o.first_name, o.last_name, o.email, o.latitude, o.longitude, v_round, o.guest_phone_key,
        o.guest_email_key, o.request_time, o.updated_at
      from jsonb_populate_record(null::orders, p_order) o
      returning id into v_id;
    insert into order_items (order_id, item_name, quantity, cargo_item_id, size_label, is_custom)
      select v_id, l.item_name, l.quantity, l.cargo_item_id, l.size_label, l.is_custom
      from jsonb_array_elements(p_lines) with ordinality as e(line, n)
        cross join lateral jsonb_populate_record(null::order_items, e.line) l
      order by e.n;
    return v_id;
  end $$`;

// p_orders: [{order, lines, takes, person, open_limit, guest_limit, guest_since, key,
// reply_head, reply_tail}]: place_order's parameters, and the idempotency_keys row without
// its reply (null: no key), whose reply is reply_head || id || reply_tail. Answers the ids
// in the same order, null for an order left to the general path.
const PLACE_ORDERS = sql`
  create function place_orders(p_orders jsonb) returns integer[] language plpgsql as $$
  declare
    v_skip boolean[] := array_fill(false, array[jsonb_array_length(p_orders)]);
    v_ids integer[] := '{}';
    v_k record;
    v_o record;
    v_id integer;
    v_lock text;
    v_item integer;
  begin
    for v_k in select e.n, e.o->'key' as k from jsonb_array_elements(p_orders)
        with ordinality e(o, n) where jsonb_typeof(e.o->'key') = 'object'
        order by e.o->'key'->>'scope', e.o->'key'->>'key' loop
      insert into idempotency_keys (scope, key, method, path, request_hash, status_code,
          reply_json, created_at)
        select k.scope, k.key, k.method, k.path, k.request_hash, 0, '', k.created_at
        from jsonb_populate_record(null::idempotency_keys, v_k.k) k
        on conflict (scope, key) do nothing;
      v_skip[v_k.n] := not found;
    end loop;
    perform 1 from users where id in (
        select (o->'person'->>'user_id')::integer from jsonb_array_elements(p_orders) o)
      order by id for no key update;
    for v_lock in select distinct k from jsonb_array_elements(p_orders) o,
        unnest(array['guest-order:phone:' || (o->'person'->>'phone_key'),
                     'guest-order:email:' || (o->'person'->>'email_key')]) k
        where o->'person' ? 'phone_key' order by k loop
      perform pg_advisory_xact_lock(hashtextextended(v_lock, 0));
    end loop;
    for v_item in select distinct (t->>'item_id')::integer as item
        from jsonb_array_elements(p_orders) o, jsonb_array_elements(o->'takes') t
        order by item loop
      perform 1 from cargo_item_sizes where item_id = v_item and size_label in (
          select t->>'size_label' from jsonb_array_elements(p_orders) o,
            jsonb_array_elements(o->'takes') t where (t->>'item_id')::integer = v_item)
        order by size_label collate "C" for no key update;
      perform 1 from cargo_items where id = v_item for no key update;
    end loop;
    for v_o in select e.n, e.o from jsonb_array_elements(p_orders) with ordinality e(o, n) loop
      v_id := null;
      if not v_skip[v_o.n] then
        begin
          v_id := place_order(v_o.o->'order', v_o.o->'lines', v_o.o->'takes', v_o.o->'person',
            (v_o.o->>'open_limit')::integer, (v_o.o->>'guest_limit')::integer,
            v_o.o->>'guest_since');
          update idempotency_keys
            set status_code = (v_o.o->'key'->>'status_code')::integer,
              reply_json = (v_o.o->>'reply_head') || v_id || (v_o.o->>'reply_tail')
            where jsonb_typeof(v_o.o->'key') = 'object'
              and scope = v_o.o->'key'->>'scope' and key = v_o.o->'key'->>'key';
        exception when sqlstate 'SMFB1' then
          v_id := null;
          -- The general path claims the key afresh once this commits.
          delete from idempotency_keys
            where jsonb_typeof(v_o.o->'key') = 'object'
              and scope = v_o.o->'key'->>'scope' and key = v_o.o->'key'->>'key';
        end;
      end if;
      v_ids := array_append(v_ids, v_id);
    end loop;
    return v_ids;
  end $$`;

export function postgresPlaceOrder(t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<any>) {
      if (t.dialect !== 'postgres') return;
      await stripeCatalogueVersion(db);
      await PLACE_ORDER.execute(db);
      await PLACE_ORDERS.execute(db);
    },
    async down(db: Kysely<any>) {
      if (t.dialect !== 'postgres') return;
      await sql`drop function place_orders`.execute(db);
      await sql`drop function place_order`.execute(db);
      await unstripeCatalogueVersion(db);
    },
  };
}
