// PostgreSQL only (issue 18, the order path made fast); SQLite keeps its path and gets nothing.
// - place_order(): an order the server has already judged (lines resolved and within their
//   limits, orders/place-order.service.ts) written in ONE statement, so in one round trip and
//   one short transaction: the person's lock and count, the stock takes, the next round, the
//   order, its lines, and the Idempotency-Key row with its reply. It decides nothing the app
//   does not: any condition that would make the app refuse (the person at their limit, stock
//   short, the key already used) raises SQLSTATE SMFB1, which rolls the whole statement back,
//   and the app runs its general path, which reaches and words the verdict (and stores it).
//   Why a function rather than a data-modifying CTE: a CTE cannot undo the stock it took when
//   a later line is short; a raise can.
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
// p_person: {"user_id": n} or {"phone_key": …, "email_key": …}; p_key: the idempotency_keys
// row without its reply (null: no key), whose reply is p_reply_head || id || p_reply_tail.
const PLACE_ORDER = sql`
  create function place_order(
    p_order jsonb, p_lines jsonb, p_takes jsonb, p_person jsonb,
    p_open_limit integer, p_guest_limit integer, p_guest_since text,
    p_key jsonb, p_reply_head text, p_reply_tail text
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
    if p_key is not null then
      -- Last, so its row is locked only briefly; a duplicate in flight makes this wait, then
      -- find the row, and the general path replays the stored reply.
      insert into idempotency_keys (scope, key, method, path, request_hash, status_code,
          reply_json, created_at)
        select k.scope, k.key, k.method, k.path, k.request_hash, k.status_code,
          p_reply_head || v_id || p_reply_tail, k.created_at
        from jsonb_populate_record(null::idempotency_keys, p_key) k
        on conflict (scope, key) do nothing;
      if not found then raise sqlstate 'SMFB1' using message = 'key used'; end if;
    end if;
    return v_id;
  end $$`;

export function postgresPlaceOrder(t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<any>) {
      if (t.dialect !== 'postgres') return;
      await stripeCatalogueVersion(db);
      await PLACE_ORDER.execute(db);
    },
    async down(db: Kysely<any>) {
      if (t.dialect !== 'postgres') return;
      await sql`drop function place_order`.execute(db);
      await unstripeCatalogueVersion(db);
    },
  };
}
