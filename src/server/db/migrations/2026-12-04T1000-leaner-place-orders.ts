// Issue 18, PostgreSQL's CPU per order (measured with pg_stat_statements, track = all, on the
// orders bench: ~36 WAL records and ~25 statements per order inside place_sealed_orders).
//
// PostgreSQL only: place_orders() (the 2026-11-28T1000 migration) rewritten to write less for
// the same orders, same verdicts and same lock order:
// - No subtransaction per order. Every check (the person's open orders or guest quota, each
//   stock take) is made before the order writes anything: the rows are locked first and what
//   is left is kept in the function while it goes through the batch, so an order that would be
//   refused is simply not written (no BEGIN … EXCEPTION block, each of which was a
//   subtransaction with its own XID).
// - One write of the Idempotency-Key row. The order's id is drawn from orders_id_seq before
//   the key is claimed, so the claim inserts the complete reply (it inserted a placeholder and
//   updated it, a second row version and index entries, per order). A refused order deletes
//   its key as before (the general path claims it afresh once this commits).
// - One stock update per row and batch, not per order. Every order of a batch took the same
//   hot rows, each UPDATE adding a row version to a HOT chain that the next one walked; the
//   batch now updates each row once, by what its placed orders took, and sets the item's
//   updated_at to the request time of the last order that took from it, as the per-order
//   updates left it.
// - Fewer statements per order: the keys are claimed by one INSERT (sorted, as before), the
//   clients' open orders counted by one SELECT (the batch's own placed orders added in the
//   function), and the placed orders and their lines written by one INSERT each at the end,
//   each order on the next round after its request time; a guest order still counts with a
//   SELECT of its own, plus the batch's guest orders placed before it.
// - The users lock reads users by primary key (= any(array)), not by a join the planner ran as
//   a sequential scan of users per batch.
// - The out-of-stock notice (same rows and event key: the request time of the order whose
//   take emptied the item) is as before.
// - guest_phone_key / guest_email_key indexes become partial (both dialects): a client order
//   has neither key, and added two index entries per insert for nothing; the guest quota's
//   lookups (`= key`) imply NOT NULL, so they use the partial indexes as before.
// place_order() stays defined (the old place_orders, which the down restores, calls it).
import { sql, type Kysely, type Migration } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time. */

// p_orders: as before, [{order, lines, takes, person, open_limit, guest_limit, guest_since,
// key, reply_head, reply_tail}]; answers the ids in order, null where nothing was placed.
// Stock rows are named in the function by '<item id>' (the item's total) and
// '<item id>/<size label>'.
const PLACE_ORDERS = sql`
  create or replace function place_orders(p_orders jsonb) returns integer[] language plpgsql as $$
  declare
    v_count integer := jsonb_array_length(p_orders);
    v_claimed integer[];
    v_placed boolean[];
    v_new integer[];
    v_ids integer[] := '{}';
    v_o record;
    v_t record;
    v_r record;
    v_lock text;
    v_item integer;
    v_open jsonb;
    v_left jsonb := '{}';
    v_taken jsonb := '{}';
    v_names jsonb := '{}';
    v_when jsonb := '{}';
    v_try jsonb;
    v_try_taken jsonb;
    v_try_when jsonb;
    v_emptied integer[];
    v_guests jsonb := '[]';
    v_row text;
    v_q integer;
    v_ok boolean;
    v_n bigint;
    v_now text;
  begin
    if v_count = 0 then return '{}'; end if;
    v_placed := array_fill(false, array[v_count]);
    select array_agg(nextval('orders_id_seq') order by n) into v_new
      from generate_series(1, v_count) n;
    -- Key rows first, sorted, each with its complete reply (the order id drawn above). A key
    -- already stored, or twice in this batch (the first claims it), leaves its order out.
    with claim as (
      insert into idempotency_keys (scope, key, method, path, request_hash, status_code,
          reply_json, created_at)
        select k.scope, k.key, k.method, k.path, k.request_hash, k.status_code,
          (e.o->>'reply_head') || v_new[e.n] || (e.o->>'reply_tail'), k.created_at
        from jsonb_array_elements(p_orders) with ordinality e(o, n)
          cross join lateral jsonb_populate_record(null::idempotency_keys, e.o->'key') k
        where jsonb_typeof(e.o->'key') = 'object'
        order by k.scope, k.key, e.n
        on conflict (scope, key) do nothing
        returning scope, key)
    select array_agg(first) into v_claimed from (
      select min(e.n) as first from claim
        join jsonb_array_elements(p_orders) with ordinality e(o, n)
          on e.o->'key'->>'scope' = claim.scope and e.o->'key'->>'key' = claim.key
        group by claim.scope, claim.key) c;
    perform 1 from users where id = any(array(
        select (o->'person'->>'user_id')::integer from jsonb_array_elements(p_orders) o
        where o->'person' ? 'user_id'))
      order by id for no key update;
    for v_lock in select distinct k from jsonb_array_elements(p_orders) o,
        unnest(array['guest-order:phone:' || (o->'person'->>'phone_key'),
                     'guest-order:email:' || (o->'person'->>'email_key')]) k
        where o->'person' ? 'phone_key' order by k loop
      perform pg_advisory_xact_lock(hashtextextended(v_lock, 0));
    end loop;
    -- Per item by id: its sizes by label, then its row; what each has left, read under the lock.
    for v_item in select distinct (t->>'item_id')::integer as item
        from jsonb_array_elements(p_orders) o, jsonb_array_elements(o->'takes') t
        order by item loop
      for v_r in select size_label, quantity from cargo_item_sizes
          where item_id = v_item and size_label in (
            select t->>'size_label' from jsonb_array_elements(p_orders) o,
              jsonb_array_elements(o->'takes') t where (t->>'item_id')::integer = v_item)
          order by size_label collate "C" for no key update loop
        v_left := v_left || jsonb_build_object(v_item || '/' || v_r.size_label, v_r.quantity);
      end loop;
      select quantity, name into v_r from cargo_items where id = v_item for no key update;
      if found then
        v_left := v_left || jsonb_build_object(v_item::text, v_r.quantity);
        v_names := v_names || jsonb_build_object(v_item::text, v_r.name);
      end if;
    end loop;
    -- Each client's open orders, as orders/order-limits.repository.ts counts them (under the
    -- users' locks), by orders_user per client; this batch's orders are added as placed.
    select coalesce(jsonb_object_agg(u, (select count(*) from orders
        where user_id = u and status in ('PENDING', 'PROCESSING'))), '{}') into v_open
      from (select distinct (o->'person'->>'user_id')::integer as u
        from jsonb_array_elements(p_orders) o where o->'person' ? 'user_id') c;
    for v_o in select e.n, e.o, e.o->'person' as person, e.o->'order'->>'request_time' as now
        from jsonb_array_elements(p_orders) with ordinality e(o, n)
        where e.n = any(v_claimed) or jsonb_typeof(e.o->'key') is distinct from 'object'
        order by e.n loop
      v_now := v_o.now;
      if v_o.person ? 'user_id' then
        v_ok := coalesce((v_open->>(v_o.person->>'user_id'))::integer, 0)
          < (v_o.o->>'open_limit')::integer;
      else
        -- The same count as the general path, with this batch's guest orders (not written yet).
        select count(*) into v_n from orders
          where order_type = 'GUEST' and request_time > v_o.o->>'guest_since'
            and (guest_phone_key = v_o.person->>'phone_key'
              or guest_email_key = v_o.person->>'email_key');
        select v_n + count(*) into v_n from jsonb_array_elements(v_guests) g
          where g->>'request_time' > v_o.o->>'guest_since'
            and (g->>'phone_key' = v_o.person->>'phone_key'
              or g->>'email_key' = v_o.person->>'email_key');
        v_ok := v_n < (v_o.o->>'guest_limit')::integer;
      end if;
      -- Each take against what is left (never below 0; a missing row is short), on copies:
      -- an order that is refused leaves nothing of it behind.
      v_try := v_left;
      v_try_taken := v_taken;
      v_try_when := v_when;
      v_emptied := '{}';
      if v_ok then
        for v_t in select * from jsonb_to_recordset(v_o.o->'takes')
            as t(item_id integer, size_label text, quantity integer) loop
          v_row := v_t.item_id || coalesce('/' || v_t.size_label, '');
          v_q := (v_try->>v_row)::integer;
          if v_q is null or v_q < v_t.quantity then
            v_ok := false;
            exit;
          end if;
          v_try := jsonb_set(v_try, array[v_row], to_jsonb(v_q - v_t.quantity));
          v_try_taken := jsonb_set(v_try_taken, array[v_row],
            to_jsonb(coalesce((v_try_taken->>v_row)::integer, 0) + v_t.quantity));
          if v_t.size_label is null then
            v_try_when := jsonb_set(v_try_when, array[v_row], to_jsonb(v_now));
            if v_q - v_t.quantity <= 0 and v_t.quantity > 0 then
              v_emptied := array_append(v_emptied, v_t.item_id);
            end if;
          end if;
        end loop;
      end if;
      if not v_ok then
        -- The general path claims the key afresh once this commits.
        delete from idempotency_keys
          where jsonb_typeof(v_o.o->'key') = 'object'
            and scope = v_o.o->'key'->>'scope' and key = v_o.o->'key'->>'key';
        continue;
      end if;
      v_placed[v_o.n] := true;
      v_left := v_try;
      v_taken := v_try_taken;
      v_when := v_try_when;
      if v_o.person ? 'user_id' and v_o.o->'order'->>'status' in ('PENDING', 'PROCESSING') then
        v_open := jsonb_set(v_open, array[v_o.person->>'user_id'], to_jsonb(
          coalesce((v_open->>(v_o.person->>'user_id'))::integer, 0) + 1));
      elsif not v_o.person ? 'user_id' then
        v_guests := v_guests || jsonb_build_object('request_time', v_now,
          'phone_key', v_o.person->>'phone_key', 'email_key', v_o.person->>'email_key');
      end if;
      -- An item this order emptied: every admin is told (event 5), as place_order did.
      foreach v_item in array v_emptied loop
        insert into notifications (user_id, kind, event_key, channel, params, due_at, status,
            next_attempt_at, created_at)
          select u.id, 'item.outOfStock', 'item.outOfStock:item:' || v_item || ':' || v_now,
            c.channel,
            '{"itemId":' || v_item || ',"name":' || to_json(v_names->>v_item::text)::text || '}',
            v_now, 'pending', v_now, v_now
          from users u cross join (values (1, 'push'), (2, 'email')) c(n, channel)
          where u.role = 'ADMIN'
          order by u.id, c.n
          on conflict (event_key, user_id, channel) do nothing;
        perform set_config('streetmed.out_of_stock', 'queued', true);
      end loop;
    end loop;
    -- The placed orders, each on the next round after its request time (as
    -- orders/order-rounds.repository.ts nextRoundId), then their lines, in the batch's order.
    insert into orders (id, user_id, order_type, status, delivery_address, phone_number, notes,
        first_name, last_name, email, latitude, longitude, round_id, guest_phone_key,
        guest_email_key, request_time, updated_at)
      select v_new[e.n], o.user_id, o.order_type, o.status, o.delivery_address,
        o.phone_number, o.notes, o.first_name, o.last_name, o.email, o.latitude, o.longitude,
        (select r.id from rounds r where r.status <> 'CANCELLED' and r.start_time > o.request_time
          order by r.start_time, r.id limit 1),
        o.guest_phone_key, o.guest_email_key, o.request_time, o.updated_at
      from jsonb_array_elements(p_orders) with ordinality e(o, n)
        cross join lateral jsonb_populate_record(null::orders, e.o->'order') o
      where v_placed[e.n]
      order by e.n;
    insert into order_items (order_id, item_name, quantity, cargo_item_id, size_label, is_custom)
      select v_new[e.n], l.item_name, l.quantity, l.cargo_item_id, l.size_label, l.is_custom
      from jsonb_array_elements(p_orders) with ordinality e(o, n)
        cross join lateral jsonb_array_elements(e.o->'lines') with ordinality as x(line, m)
        cross join lateral jsonb_populate_record(null::order_items, x.line) l
      where v_placed[e.n]
      order by e.n, x.m;
    -- The batch's takes, one update per row; its locks are held, so none can be short now.
    for v_row, v_q in select key, value::integer from jsonb_each_text(v_taken) loop
      if position('/' in v_row) > 0 then
        update cargo_item_sizes set quantity = quantity - v_q
          where item_id = split_part(v_row, '/', 1)::integer
            and size_label = substr(v_row, position('/' in v_row) + 1) and quantity >= v_q;
      else
        update cargo_items set quantity = quantity - v_q, updated_at = v_when->>v_row
          where id = v_row::integer and quantity >= v_q;
      end if;
      if not found then raise exception 'stock row % moved under its lock', v_row; end if;
    end loop;
    for i in 1 .. v_count loop
      v_ids := array_append(v_ids, case when v_placed[i] then v_new[i] end);
    end loop;
    return v_ids;
  end $$`;

/** place_orders as the 2026-11-28T1000 migration made it (for down). */
const PLACE_ORDERS_BEFORE = sql`
  create or replace function place_orders(p_orders jsonb) returns integer[] language plpgsql as $$
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

const GUEST_KEYS = [
  ['orders_guest_phone_time', 'guest_phone_key'],
  ['orders_guest_email_time', 'guest_email_key'],
] as const;

async function guestKeyIndexes(db: Kysely<any>, partial: boolean): Promise<void> {
  for (const [name, column] of GUEST_KEYS) {
    await db.schema.dropIndex(name).execute();
    const index = db.schema.createIndex(name).on('orders').columns([column, 'request_time']);
    await (partial ? index.where(sql.ref(column), 'is not', null) : index).execute();
  }
}

export function leanerPlaceOrders(t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<any>) {
      await guestKeyIndexes(db, true);
      if (t.dialect !== 'postgres') return;
      await PLACE_ORDERS.execute(db);
    },
    async down(db: Kysely<any>) {
      await guestKeyIndexes(db, false);
      if (t.dialect !== 'postgres') return;
      await PLACE_ORDERS_BEFORE.execute(db);
    },
  };
}
