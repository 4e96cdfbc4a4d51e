// maxPerOrder through the admin item routes (beyond-spec.md section 1 "Supplies can't be
// drained"): set on create (JSON and multipart, with a picture), changed on update (JSON and the
// multipart ?image path), kept when an update leaves it out, in the catalogue reply, and every
// value that is not a whole number from 1 to 10000 is a 400 with the message the admin form
// shows. The database keeps what the reply says.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CARGO_ITEMS_PATH,
  cargoCatalogueReply,
  cargoItemPath,
  cargoItemWriteReply,
  type CargoItem,
} from '#shared/contracts/cargo';
import { ORDER_LIMIT_MESSAGES } from '#shared/rules/order-limits';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import { createCatalogueItem } from '../../support/factories.ts';
import { useCaller, useCallers } from '../callers.ts';
import { blob, multipart, pngBytes, type Part } from './cargo-kit.ts';
import { english } from '../../support/english.ts';

describe.each(testDialects())('maxPerOrder on cargo items (%s)', (dialect) => {
  const server = useTestServer(dialect);
  const callers = useCallers(server);
  const admin = useCaller(callers, 'ADMIN');
  const db = () => server.app.ctx.opened.db;
  const uniqueName = () => `Item ${randomUUID().slice(0, 8)}`;

  function json(method: 'POST' | 'PUT', url: string, body: unknown) {
    return server.app.inject({
      method,
      url,
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  }

  async function form(method: 'POST' | 'PUT', url: string, parts: [string, Part, string?][]) {
    const body = await multipart(parts);
    return server.app.inject({
      method,
      url,
      headers: { ...admin.headers, ...body.headers },
      payload: body.payload,
    });
  }

  function itemOf(res: { statusCode: number; body: string; json: () => unknown }): CargoItem {
    expect(res.statusCode, res.body).toBeLessThan(300);
    return cargoItemWriteReply.parse(res.json()).item;
  }

  async function storedMax(id: number): Promise<number> {
    const row = await db()
      .selectFrom('cargo_items')
      .select('max_per_order')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return row.max_per_order;
  }

  it('sets maxPerOrder on create, JSON or multipart with a picture; 10 when not given', async () => {
    const plain = itemOf(await json('POST', CARGO_ITEMS_PATH, { name: uniqueName(), quantity: 5 }));
    expect(plain.maxPerOrder).toBe(10);
    expect(await storedMax(plain.id)).toBe(10);

    const capped = itemOf(
      await json('POST', CARGO_ITEMS_PATH, { name: uniqueName(), quantity: 5, maxPerOrder: 2 }),
    );
    expect(capped.maxPerOrder).toBe(2);
    expect(await storedMax(capped.id)).toBe(2);

    const uploaded = itemOf(
      await form('POST', CARGO_ITEMS_PATH, [
        [
          'data',
          JSON.stringify({ name: uniqueName(), sizeQuantities: { S: 3 }, maxPerOrder: '4' }),
        ],
        ['image', blob(await pngBytes(20, 20), 'image/png'), 'photo.png'],
      ]),
    );
    expect(uploaded.maxPerOrder).toBe(4);
    expect(uploaded.imageId).toEqual(expect.any(String));
    expect(await storedMax(uploaded.id)).toBe(4);
  });

  it('changes maxPerOrder on update (JSON, and with a new picture) and keeps it otherwise', async () => {
    const item = await createCatalogueItem(db(), { name: uniqueName(), quantity: 50 });
    expect(await storedMax(item.id)).toBe(10);
    const set = itemOf(await json('PUT', cargoItemPath(item.id), { maxPerOrder: 3 }));
    expect(set).toMatchObject({ maxPerOrder: 3, quantity: 50, name: item.name });
    const kept = itemOf(await json('PUT', cargoItemPath(item.id), { quantity: 40 }));
    expect(kept).toMatchObject({ maxPerOrder: 3, quantity: 40 });
    const withPicture = itemOf(
      await form('PUT', `${cargoItemPath(item.id)}?image`, [
        ['data', JSON.stringify({ maxPerOrder: 7 })],
        ['image', blob(await pngBytes(10, 10), 'image/png'), 'new.png'],
      ]),
    );
    expect(withPicture.maxPerOrder).toBe(7);
    expect(withPicture.imageId).not.toBeNull();
    expect(await storedMax(item.id)).toBe(7);

    const catalogue = cargoCatalogueReply.parse(
      (await server.app.inject({ method: 'GET', url: CARGO_ITEMS_PATH })).json(),
    );
    expect(catalogue.items.find((i) => i.id === item.id)?.maxPerOrder).toBe(7);
    // The raw reply carries the field itself (not only the schema's default).
    const raw = (await server.app.inject({ method: 'GET', url: CARGO_ITEMS_PATH })).json<{
      items: Record<string, unknown>[];
    }>();
    expect(raw.items.every((i) => typeof i.maxPerOrder === 'number')).toBe(true);
  });

  it('refuses 0, -1, 1.5, "x", huge and other non-counts with 400 and the message', async () => {
    const item = await createCatalogueItem(db(), { name: uniqueName(), quantity: 5 });
    const bad: unknown[] = [0, -1, 1.5, 'x', '1.5', '-1', 10_001, 1e12, 1e300, true, [2], {}];
    for (const value of bad) {
      const label = JSON.stringify(value);
      const update = await json('PUT', cargoItemPath(item.id), { maxPerOrder: value });
      expect(update.statusCode, label).toBe(400);
      expect(update.json<{ message: string }>().message, label).toBe(
        `maxPerOrder: ${english(ORDER_LIMIT_MESSAGES.maxPerOrder)}`,
      );
      const name = uniqueName();
      const create = await json('POST', CARGO_ITEMS_PATH, {
        name,
        quantity: 1,
        maxPerOrder: value,
      });
      expect(create.statusCode, label).toBe(400);
      expect(create.json<{ message: string }>().message, label).toContain(
        english(ORDER_LIMIT_MESSAGES.maxPerOrder),
      );
      const created = await db()
        .selectFrom('cargo_items')
        .select('id')
        .where('name_key', '=', name.toLowerCase())
        .execute();
      expect(created, label).toHaveLength(0);
    }
    const upload = await form('POST', CARGO_ITEMS_PATH, [
      ['data', JSON.stringify({ name: uniqueName(), quantity: 1, maxPerOrder: 0 })],
    ]);
    expect(upload.statusCode).toBe(400);
    expect(upload.json<{ message: string }>().message).toContain(
      english(ORDER_LIMIT_MESSAGES.maxPerOrder),
    );
    expect(await storedMax(item.id)).toBe(10);
    // The largest allowed value is fine.
    expect(
      itemOf(await json('PUT', cargoItemPath(item.id), { maxPerOrder: 10_000 })).maxPerOrder,
    ).toBe(10_000);
  });

  it('lets only an admin change it', async () => {
    const item = await createCatalogueItem(db(), { name: uniqueName(), quantity: 5 });
    for (const caller of callers) {
      if (caller.label === 'ADMIN') continue;
      const res = await server.app.inject({
        method: 'PUT',
        url: cargoItemPath(item.id),
        headers: { ...caller.headers, 'content-type': 'application/json' },
        payload: JSON.stringify({ maxPerOrder: 1000 }),
      });
      expect([401, 403], caller.label).toContain(res.statusCode);
    }
    expect(await storedMax(item.id)).toBe(10);
  });
});
