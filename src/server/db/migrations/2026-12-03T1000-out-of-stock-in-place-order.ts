// PostgreSQL only (issue 19, event 5 on the fast order path); SQLite gets nothing.
// place_order() (the 2026-11-28T1000 migration) took stock without a word, so an order placed
// in one statement that took an item to 0 told no admin: the app sent an order the general
// path (which queues the notice) only when that order alone could empty the item, judged on
// a catalogue read taken before the write, and two concurrent orders of 2 on a stock of 4
// both passed that check and emptied the item unseen. Now the stock update itself says what
// it left: the take that brings an item's total to 0 queues the "item out of stock" rows in
// the same statement and transaction, whatever ran concurrently (the take holds the item's
// row lock, and a take never goes below 0, so exactly one take empties it).
// - The rows are those notifications.service.ts notifyItemsOutOfStock writes: kind
//   'item.outOfStock', event key 'item.outOfStock:item:<id>:<updated_at>' (updated_at is the
//   order's request_time, set by this same update), params '{"itemId":<id>,"name":<name>}',
//   one per admin and channel (push, email), pending, due now; a key already queued is left
//   as is. In place_orders each order is a subtransaction: an order undone later (a line
//   short) takes its rows with it.
// - place_sealed_orders(), the statement the app sends, answers one more element after the
//   ids when some order of the batch queued such rows (the transaction-local setting
//   streetmed.out_of_stock, undone with the subtransaction that set it), so the app wakes
//   its notification worker at once; in the common case nothing more is read or written.
import { sql, type Kysely, type Migration } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time. */

/** place_order with `p_takes`' total takes reporting what they left (see above). */
const PLACE_ORDER = sql`
  create or replace function place_order(
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
    v_left integer;
    v_name text;
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
          where id = v_take.item_id and quantity >= v_take.quantity
          returning quantity, name into v_left, v_name;
        if not found then raise sqlstate 'SMFB1' using message = 'stock short'; end if;
        -- This take emptied the item: every admin is told (event 5), in this transaction.
        if v_left <= 0 and v_take.quantity > 0 then
          insert into notifications (user_id, kind, event_key, channel, params, due_at, status,
              next_attempt_at, created_at)
            select u.id, 'item.outOfStock', 'item.outOfStock:item:' || v_take.item_id || ':' || v_now,
              c.channel, '{"itemId":' || v_take.item_id || ',"name":' || to_json(v_name)::text || '}',
              v_now, 'pending', v_now, v_now
            from users u cross join (values (1, 'push'), (2, 'email')) c(n, channel)
            where u.role = 'ADMIN'
            order by u.id, c.n
            on conflict (event_key, user_id, channel) do nothing;
          perform set_config('streetmed.out_of_stock', 'queued', true);
        end if;
      else
        update cargo_item_sizes set quantity = quantity - v_take.quantity
          where item_id = v_take.item_id and size_label = v_take.size_label
            and quantity >= v_take.quantity;
        if not found then raise sqlstate 'SMFB1' using message = 'stock short'; end if;
      end if;
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

/** place_order as the 2026-11-28T1000 migration made it (for down). */
const PLACE_ORDER_BEFORE = sql`
  create or replace function place_order(
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

/**
 * place_sealed_orders as the 2026-12-01T1000 migration made it, plus, when `p_signal`, one
 * element after the ids (0) when an order of the batch queued out-of-stock rows.
 */
function placeSealedOrders(signal: boolean) {
  const tail = signal
    ? sql`if current_setting('streetmed.out_of_stock', true) = 'queued' then
        v_ids := array_append(v_ids, 0);
      end if;`
    : sql``;
  return sql`
  create or replace function place_sealed_orders(p_orders jsonb) returns integer[]
  language plpgsql as $$
  declare
    v_count integer := jsonb_array_length(p_orders);
    v_open boolean[] := array_fill(true, array[v_count]);
    v_iv record;
    v_placed integer[];
    v_ids integer[] := '{}';
    v_next integer := 0;
  begin
    for v_iv in select e.n, e.o->'iv' as iv from jsonb_array_elements(p_orders)
        with ordinality e(o, n) where jsonb_typeof(e.o->'iv') = 'object'
        order by e.o->'iv'->>'session_id' collate "C", e.n loop
      insert into secure_session_ivs (session_id, iv, seen_at)
        select id, v_iv.iv->>'iv', v_iv.iv->>'seen_at' from secure_sessions
        where id = v_iv.iv->>'session_id' and message_count < (v_iv.iv->>'max')::integer
        on conflict (session_id, iv) do nothing;
      if found then
        update secure_sessions set message_count = message_count + 1
          where id = v_iv.iv->>'session_id' and message_count < (v_iv.iv->>'max')::integer;
      else
        perform 1 from secure_sessions
          where id = v_iv.iv->>'session_id' and message_count < (v_iv.iv->>'max')::integer;
      end if;
      v_open[v_iv.n] := found;
    end loop;
    select place_orders(coalesce(jsonb_agg(e.o order by e.n), '[]'::jsonb)) into v_placed
      from jsonb_array_elements(p_orders) with ordinality e(o, n) where v_open[e.n];
    for i in 1 .. v_count loop
      if v_open[i] then
        v_next := v_next + 1;
        v_ids := array_append(v_ids, v_placed[v_next]);
      else
        v_ids := array_append(v_ids, null);
      end if;
    end loop;
    ${tail}
    return v_ids;
  end $$`;
}

export function outOfStockInPlaceOrder(t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<any>) {
      if (t.dialect !== 'postgres') return;
      await PLACE_ORDER.execute(db);
      await placeSealedOrders(true).execute(db);
    },
    async down(db: Kysely<any>) {
      if (t.dialect !== 'postgres') return;
      await placeSealedOrders(false).execute(db);
      await PLACE_ORDER_BEFORE.execute(db);
    },
  };
}
