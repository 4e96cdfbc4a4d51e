// PostgreSQL only (issue 18, one round trip fewer per encrypted order); SQLite gets nothing.
// place_sealed_orders(): place_orders() (the 2026-11-28T1000 migration) after recording each
// order's encrypted-body IV, as security/secure-sessions.repository.ts
// recordMessageInOneStatement does: the IV row only while the secure session is under its cap,
// the count raised only for a new IV. The order's request recorded its IV in its own round
// trip before; now its write does, in the same statement and commit.
// - A replayed IV does not stop the order: only keyed writes come this way, and a resent keyed
//   write is answered from its key (place_orders leaves a stored key to the general path).
// - A session that is gone or at its cap: the order is not placed (null, as any order left to
//   the general path), and the app's general path records the IV again, finds the cap and
//   answers SESSION_EXPIRED (plugins/secure-channel.ts recordPendingIv).
// - Lock order: secure_sessions rows (sorted by id) come before everything place_orders locks;
//   no other path holds a secure session's row while it waits for an order's rows.
// p_orders: place_orders' elements, each with an optional "iv": {session_id, iv, seen_at,
// max}. Answers the ids in the same order, null where nothing was placed.
import { sql, type Kysely, type Migration } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time. */

const PLACE_SEALED_ORDERS = sql`
  create function place_sealed_orders(p_orders jsonb) returns integer[] language plpgsql as $$
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
    return v_ids;
  end $$`;

export function sealedOrderIvs(t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<any>) {
      if (t.dialect !== 'postgres') return;
      await PLACE_SEALED_ORDERS.execute(db);
    },
    async down(db: Kysely<any>) {
      if (t.dialect !== 'postgres') return;
      await sql`drop function place_sealed_orders`.execute(db);
    },
  };
}
