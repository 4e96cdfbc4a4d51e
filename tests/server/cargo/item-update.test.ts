import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CARGO_ITEMS_PATH,
  cargoCatalogueReply,
  cargoItemPath,
  cargoItemWriteReply,
  type CargoItem,
} from '#shared/contracts/cargo';
import { decryptJson } from '#shared/secure-channel/index';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import { useCaller, useCallers } from '../callers.ts';
import { createCatalogueItem } from '../../support/factories.ts';
import { handshake, sendEncrypted } from '../security/secure-client.ts';

describe.each(testDialects())('PUT /api/cargo/items/{id} (%s)', (dialect) => {
  const server = useTestServer(dialect);
  const callers = useCallers(server, { forgedAdmin: true });
  const admin = useCaller(callers, 'ADMIN');

  function put(
    id: number | string,
    body: unknown,
    headers: Record<string, string> = admin.headers,
  ) {
    return server.app.inject({
      method: 'PUT',
      url: cargoItemPath(id),
      headers: { 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(body),
    });
  }

  async function updated(id: number, body: unknown): Promise<CargoItem> {
    const res = await put(id, body);
    expect(res.statusCode, res.body).toBe(200);
    return cargoItemWriteReply.parse(res.json()).item;
  }

  const newItem = (overrides: Parameters<typeof createCatalogueItem>[1] = {}) =>
    createCatalogueItem(server.app.ctx.opened.db, overrides);

  it('is for admins only: 401 signed out, 403 for others and a forged Admin-Username', async () => {
    const item = await newItem({ quantity: 1 });
    const expected: Record<string, number> = {
      'signed-out': 401,
      CLIENT: 403,
      VOLUNTEER: 403,
      ADMIN: 200,
      'forged-admin-username': 403,
    };
    for (const caller of callers) {
      const quantity = 10 + expected[caller.label]!;
      const res = await put(item.id, { name: item.name, quantity }, caller.headers);
      expect(res.statusCode, caller.label).toBe(expected[caller.label]);
    }
    const row = await server.app.ctx.opened.db
      .selectFrom('cargo_items')
      .select('quantity')
      .where('id', '=', item.id)
      .executeTakeFirstOrThrow();
    expect(row.quantity).toBe(210);
  });

  it("updates the spec's fields: name, description, category and quantity", async () => {
    const item = await newItem({ quantity: 3 });
    const name = `Renamed ${randomUUID().slice(0, 6)}`;
    const after = await updated(item.id, {
      name,
      description: 'For cold nights',
      category: 'Bedding',
      quantity: '8',
      authenticated: true,
    });
    expect(after).toEqual({
      id: item.id,
      name,
      description: 'For cold nights',
      category: 'Bedding',
      quantity: 8,
      imageId: null,
      sizeQuantities: {},
      maxPerOrder: 10,
    });
    const kept = await updated(item.id, { quantity: 9 });
    expect(kept).toMatchObject({ name, description: 'For cold nights', quantity: 9 });
    const cleared = await updated(item.id, { description: '', category: '' });
    expect(cleared).toMatchObject({ description: null, category: null, quantity: 9 });
  });

  it('keeps the total the sum of the sizes', async () => {
    const item = await newItem({ sizes: { S: 2, M: 3 } });
    // The admin form sends the total it shows: accepted as long as it is that sum.
    expect(await updated(item.id, { name: item.name, quantity: 5 })).toMatchObject({
      quantity: 5,
      sizeQuantities: { S: 2, M: 3 },
    });
    const wrong = await put(item.id, { quantity: 50 });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json<{ message: string }>().message).toContain('sizeQuantities');
    const resized = await updated(item.id, { quantity: 1, sizeQuantities: { XL: 4, L: 1 } });
    expect(resized).toMatchObject({ quantity: 5, sizeQuantities: { XL: 4, L: 1 } });
    expect(Object.keys(resized.sizeQuantities)).toEqual(['XL', 'L']);
    const unsized = await updated(item.id, { sizeQuantities: {}, quantity: 12 });
    expect(unsized).toMatchObject({ quantity: 12, sizeQuantities: {} });
    const sizes = await server.app.ctx.opened.db
      .selectFrom('cargo_item_sizes')
      .select('size_label')
      .where('item_id', '=', item.id)
      .execute();
    expect(sizes).toHaveLength(0);
  });

  it('answers an unknown id with 404 and a malformed one with 400', async () => {
    const unknown = await put(999_999, { quantity: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ status: 'error', error: 'NOT_FOUND' });
    // The largest id a row can have is well-formed: a 404, not a 400.
    expect((await put(2_147_483_647, { quantity: 1 })).statusCode).toBe(404);
    for (const id of ['abc', '-1', '1.5', '0', '2147483648', '12345678901']) {
      const res = await put(id, { quantity: 1 });
      expect(res.statusCode, id).toBe(400);
      expect(res.json<{ message: string }>().message, id).toMatch(/^id: /);
    }
  });

  it('refuses bad input with a 4xx and changes nothing', async () => {
    const item = await newItem({ quantity: 6 });
    const other = await newItem();
    const cases: [unknown, number][] = [
      [{ quantity: -3 }, 400],
      [{ quantity: 1_000_001 }, 400],
      [{ quantity: 2.5 }, 400],
      [{ name: '' }, 400],
      [{ name: 'x'.repeat(101) }, 400],
      [{ description: 42 }, 400],
      [{ sizeQuantities: { '': 1 } }, 400],
      [{ sizeQuantities: 'S' }, 400],
      [{}, 200],
      [[1, 2], 400],
      ['text', 400],
      [{ name: other.name.toUpperCase() }, 409],
    ];
    for (const [body, status] of cases) {
      const res = await put(item.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
    }
    const row = await server.app.ctx.opened.db
      .selectFrom('cargo_items')
      .select(['name', 'quantity'])
      .where('id', '=', item.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: item.name, quantity: 6 });
  });

  it('wants multipart for ?image (415 for JSON) and an image part in it (400)', async () => {
    const item = await newItem();
    const json = await server.app.inject({
      method: 'PUT',
      url: `${cargoItemPath(item.id)}?image`,
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ quantity: 1 }),
    });
    expect(json.statusCode).toBe(415);
    const form = new FormData();
    form.append('data', JSON.stringify({ quantity: 1 }));
    const request = new Request('http://localhost/', { method: 'PUT', body: form });
    const res = await server.app.inject({
      method: 'PUT',
      url: `${cargoItemPath(item.id)}?image`,
      headers: { ...admin.headers, 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(res.statusCode).toBe(400);
  });

  it('replays an update with its Idempotency-Key without applying it twice', async () => {
    const item = await newItem({ quantity: 1 });
    const key = randomUUID();
    const headers = { ...admin.headers, 'idempotency-key': key };
    const first = await put(item.id, { quantity: 5 }, headers);
    await server.app.ctx.opened.db
      .updateTable('cargo_items')
      .set({ quantity: 4 })
      .where('id', '=', item.id)
      .execute();
    const again = await put(item.id, { quantity: 5 }, headers);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const row = await server.app.ctx.opened.db
      .selectFrom('cargo_items')
      .select('quantity')
      .where('id', '=', item.id)
      .executeTakeFirstOrThrow();
    expect(row.quantity).toBe(4);
  });
});

describe.each(testDialects())('cargo calls through the secure channel (%s)', (dialect) => {
  const server = useTestServer(dialect);
  const admin = useCaller(useCallers(server), 'ADMIN');

  it('takes an encrypted update and sends the catalogue encrypted', async () => {
    const item = await createCatalogueItem(server.app.ctx.opened.db, { quantity: 2 });
    const session = await handshake(server);
    const res = await sendEncrypted(server, session, {
      method: 'PUT',
      url: cargoItemPath(item.id),
      body: { quantity: 11, description: 'Sealed' },
      headers: { cookie: admin.headers.cookie! },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const reply = cargoItemWriteReply.parse(await decryptJson(session.key, res.body));
    expect(reply.item).toMatchObject({ quantity: 11, description: 'Sealed' });

    const list = await sendEncrypted(server, session, { method: 'GET', url: CARGO_ITEMS_PATH });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toMatch(/^text\/plain/);
    const catalogue = cargoCatalogueReply.parse(await decryptJson(session.key, list.body));
    expect(catalogue.items.find((i) => i.id === item.id)?.quantity).toBe(11);
  });
});
