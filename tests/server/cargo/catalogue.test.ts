import { describe, expect, it } from 'vitest';
import { CARGO_ITEMS_PATH, cargoCatalogueReply, type CargoItem } from '#shared/contracts/cargo';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import { useCallers } from '../callers.ts';
import { createCatalogueItem } from '../../support/factories.ts';

describe.each(testDialects())('GET /api/cargo/items (%s)', (dialect) => {
  const server = useTestServer(dialect);
  const callers = useCallers(server, { forgedAdmin: true });

  async function catalogue(headers: Record<string, string> = {}): Promise<CargoItem[]> {
    const res = await server.app.inject({ method: 'GET', url: CARGO_ITEMS_PATH, headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    return cargoCatalogueReply.parse(res.json()).items;
  }

  const byName = (items: CargoItem[], name: string) => items.find((i) => i.name === name);

  it('lists every item with its total, sizes in the order given, and no image', async () => {
    const db = server.app.ctx.opened.db;
    await createCatalogueItem(db, { name: 'Water bottles', quantity: 40 });
    await createCatalogueItem(db, { name: 'socks', sizes: { M: 3, L: 0, S: 2 } });
    const items = await catalogue();
    expect(byName(items, 'Water bottles')).toMatchObject({
      quantity: 40,
      imageId: null,
      sizeQuantities: {},
      category: 'Test',
    });
    const socks = byName(items, 'socks')!;
    expect(socks.quantity).toBe(5);
    expect(socks.sizeQuantities).toEqual({ M: 3, L: 0, S: 2 });
    const names = items.map((i) => i.name.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it('is public: every caller reads the same catalogue; a forged Admin-Username is a 403', async () => {
    const expected = JSON.stringify(await catalogue());
    for (const caller of callers) {
      const res = await server.app.inject({
        method: 'GET',
        url: CARGO_ITEMS_PATH,
        headers: caller.headers,
      });
      if (caller.label === 'forged-admin-username') {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ status: 'error', error: 'FORBIDDEN' });
      } else {
        expect(res.statusCode, caller.label).toBe(200);
        expect(JSON.stringify(cargoCatalogueReply.parse(res.json()).items)).toBe(expected);
      }
    }
  });

  it('shows stock changed by any writer at once (orders reserving, returning, other processes)', async () => {
    const db = server.app.ctx.opened.db;
    const plain = await createCatalogueItem(db, { quantity: 10 });
    const sized = await createCatalogueItem(db, { sizes: { S: 4, M: 6 } });
    expect(byName(await catalogue(), plain.name)?.quantity).toBe(10);
    // What the orders module does when it reserves: plain SQL on the cargo tables, no call
    // into the cargo module.
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('cargo_items')
        .set({ quantity: 7 })
        .where('id', '=', plain.id)
        .execute();
      await trx
        .updateTable('cargo_item_sizes')
        .set({ quantity: 1 })
        .where('item_id', '=', sized.id)
        .where('size_label', '=', 'S')
        .execute();
    });
    const after = await catalogue();
    expect(byName(after, plain.name)?.quantity).toBe(7);
    expect(byName(after, sized.name)?.sizeQuantities).toEqual({ S: 1, M: 6 });
    await db.deleteFrom('cargo_items').where('id', '=', plain.id).execute();
    expect(byName(await catalogue(), plain.name)).toBeUndefined();
  });

  it('never shows a write that rolled back', async () => {
    const db = server.app.ctx.opened.db;
    const item = await createCatalogueItem(db, { quantity: 3 });
    await catalogue();
    await expect(
      db.transaction().execute(async (trx) => {
        await trx
          .updateTable('cargo_items')
          .set({ quantity: 99 })
          .where('id', '=', item.id)
          .execute();
        throw new Error('rolled back on purpose');
      }),
    ).rejects.toThrow('rolled back on purpose');
    expect(byName(await catalogue(), item.name)?.quantity).toBe(3);
  });

  it('answers many concurrent reads with one consistent reply while stock changes', async () => {
    const db = server.app.ctx.opened.db;
    const item = await createCatalogueItem(db, { quantity: 50 });
    const reads = Array.from({ length: 20 }, () => catalogue());
    await db.updateTable('cargo_items').set({ quantity: 49 }).where('id', '=', item.id).execute();
    for (const items of await Promise.all(reads)) {
      expect([49, 50]).toContain(byName(items, item.name)?.quantity);
    }
    expect(byName(await catalogue(), item.name)?.quantity).toBe(49);
  });
});

// PostgreSQL only: SQLite write transactions are serialised whole, so they cannot interleave.
describe.each(testDialects().filter((d) => d === 'postgres'))(
  'catalogue version under concurrent stock writes (%s)',
  (dialect) => {
    const server = useTestServer(dialect);

    it('lets two transactions touching items in crossing order both commit (no deadlock through the counter)', async () => {
      const db = server.app.ctx.opened.db;
      const a = await createCatalogueItem(db, { quantity: 10 });
      const b = await createCatalogueItem(db, { quantity: 10 });
      const setQuantity = (trx: typeof db, id: number, quantity: number) =>
        trx.updateTable('cargo_items').set({ quantity }).where('id', '=', id).execute();
      const t1 = await db.startTransaction().execute();
      const t2 = await db.startTransaction().execute();
      await setQuantity(t1, a.id, 9);
      // Were the counter bumped at statement time, t2 would now wait for t1's counter lock
      // while holding b, and t1's next statement would close the cycle.
      await setQuantity(t2, b.id, 8);
      const t1OnB = setQuantity(t1, b.id, 7);
      await t2.commit().execute();
      await t1OnB;
      await t1.commit().execute();
      const res = await server.app.inject({ method: 'GET', url: CARGO_ITEMS_PATH });
      const items = cargoCatalogueReply.parse(res.json()).items;
      expect(items.find((i) => i.id === a.id)?.quantity).toBe(9);
      expect(items.find((i) => i.id === b.id)?.quantity).toBe(7);
    });
  },
);
