// The admin item writes validate one body schema whatever form the body takes (issue 15):
// plain JSON, JSON sealed through the secure channel, and multipart/form-data (its part 'data',
// as a field or a JSON file part). Each refusal is the same 400 with the same message in every
// form, and the refusals that are not about the item's fields keep their own texts and order
// (a malformed id first, then what is missing). The texts are written out: they are the wire's.
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { CARGO_ITEMS_PATH, cargoItemPath } from '#shared/contracts/cargo';
import { decryptJson } from '#shared/secure-channel/index';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import { createCatalogueItem } from '../../support/factories.ts';
import { useCaller, useCallers } from '../callers.ts';
import { handshake, sendEncrypted } from '../security/secure-client.ts';
import { blob, multipart, pngBytes, type Part } from './cargo-kit.ts';

type Form = 'json' | 'encrypted' | 'multipart field' | 'multipart file';
const FORMS: readonly Form[] = ['json', 'encrypted', 'multipart field', 'multipart file'];

const ID_RULE = 'id: must be a whole number from 1 to 2147483647';
const NOT_AN_OBJECT = 'The item data must be a JSON object.';

/** Item data each write's schema refuses, and the message each gets (create and update). */
const REFUSED: [label: string, data: unknown, message: string][] = [
  ['a name too long', { name: 'x'.repeat(101) }, 'name: must be at most 100 characters'],
  ['a negative quantity', { name: 'A', quantity: -1 }, 'quantity: must not be negative'],
  ['a quantity in words', { name: 'A', stock: 'ten' }, 'stock: must be a whole number'],
  [
    'maxPerOrder 0',
    { name: 'A', maxPerOrder: 0 },
    'maxPerOrder: Max per order must be a whole number from 1 to 10000.',
  ],
  [
    'a blank size label',
    { name: 'A', sizeQuantities: { ' ': 1 } },
    'sizeQuantities: size labels must be 1 to 40 characters',
  ],
  // The NUL guard reads a multipart body's item data too (it once saw only JSON bodies).
  ['a NUL in the name', { name: 'Soap\u0000' }, 'name: must not contain NUL characters'],
  ['a list', [1, 2], NOT_AN_OBJECT],
  ['a text', 'socks', NOT_AN_OBJECT],
  // Judged after the schema, by the handler: the same in every form too.
  [
    'a size given twice',
    { name: 'A', sizeQuantities: { S: 1, ' S': 2 } },
    "sizeQuantities: the size 'S' is listed twice.",
  ],
];

describe.each(testDialects())('item writes: one body schema for every form (%s)', (dialect) => {
  const server = useTestServer(dialect);
  const admin = useCaller(useCallers(server), 'ADMIN');
  const db = () => server.app.ctx.opened.db;

  /** A write with `data` as the item in the given form; `image` only goes with multipart. */
  async function send(
    method: 'POST' | 'PUT',
    url: string,
    form: Form,
    data: unknown,
    extraParts: [string, Part, string?][] = [],
  ): Promise<{ status: number; json: unknown }> {
    const headers = { ...admin.headers, 'idempotency-key': randomUUID() };
    let res: LightMyRequestResponse;
    if (form === 'encrypted') {
      const session = await handshake(server);
      res = await sendEncrypted(server, session, { method, url, body: data, headers });
      return { status: res.statusCode, json: await decryptJson(session.key, res.body) };
    }
    if (form === 'json') {
      const json = { ...headers, 'content-type': 'application/json' };
      res = await server.app.inject({ method, url, headers: json, payload: JSON.stringify(data) });
    } else {
      const text = JSON.stringify(data);
      const part: Part = form === 'multipart file' ? blob(text, 'application/json') : text;
      const body = await multipart([['data', part, 'item.json'], ...extraParts]);
      const all = { ...headers, ...body.headers };
      res = await server.app.inject({ method, url, headers: all, payload: body.payload });
    }
    return { status: res.statusCode, json: res.json<unknown>() };
  }

  const refusal = (message: string) => ({
    status: 400,
    json: { status: 'error', error: 'BAD_REQUEST', message },
  });

  async function itemCount(): Promise<number> {
    const rows = await db().selectFrom('cargo_items').select('id').execute();
    return rows.length;
  }

  it('refuses bad item data on POST with the same 400 and message in every form', async () => {
    const before = await itemCount();
    for (const form of FORMS) {
      for (const [label, data, message] of REFUSED) {
        const got = await send('POST', CARGO_ITEMS_PATH, form, data);
        expect(got, `${label} (${form})`).toMatchObject(refusal(message));
      }
      const missing = await send('POST', CARGO_ITEMS_PATH, form, { quantity: 1 });
      expect(missing, form).toMatchObject(refusal('name: is required'));
    }
    expect(await itemCount()).toBe(before);
  });

  it('refuses bad item data on PUT with the same 400 and message in every form', async () => {
    const item = await createCatalogueItem(db(), { quantity: 4 });
    for (const form of FORMS) {
      for (const [label, data, message] of REFUSED) {
        // The update's name is optional, so the create's name rule is tried on its own.
        const got = await send('PUT', cargoItemPath(item.id), form, data);
        expect(got, `${label} (${form})`).toMatchObject(refusal(message));
      }
    }
    const row = await db()
      .selectFrom('cargo_items')
      .select(['name', 'quantity'])
      .where('id', '=', item.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: item.name, quantity: 4 });
  });

  it('takes a good item in every form', async () => {
    for (const form of FORMS) {
      const name = `Form ${randomUUID().slice(0, 8)}`;
      const created = await send('POST', CARGO_ITEMS_PATH, form, { name, quantity: '3' });
      expect(created, form).toMatchObject({ status: 201, json: { item: { name, quantity: 3 } } });
      const id = (created.json as { id: number }).id;
      const updated = await send('PUT', cargoItemPath(id), form, { quantity: 5 });
      expect(updated, form).toMatchObject({ status: 200, json: { item: { name, quantity: 5 } } });
    }
  });

  it('keeps the texts of what is missing, each in its form', async () => {
    const item = await createCatalogueItem(db(), { quantity: 1 });
    const inject = (method: 'POST' | 'PUT', url: string) =>
      server.app.inject({ method, url, headers: admin.headers });
    const noItem = "Send the item as JSON in the part 'data'.";
    const nothing = 'Nothing to update: send the item fields or a picture.';
    // No body at all, a JSON null, and a multipart body without the part 'data'.
    const empty = await inject('POST', CARGO_ITEMS_PATH);
    expect(empty.json(), 'POST without a body').toMatchObject({ message: noItem });
    expect((await send('POST', CARGO_ITEMS_PATH, 'json', null)).json).toMatchObject({
      message: noItem,
    });
    const stray = await multipart([['note', 'hello']]);
    const withStray = await server.app.inject({
      method: 'POST',
      url: CARGO_ITEMS_PATH,
      headers: { ...admin.headers, ...stray.headers },
      payload: stray.payload,
    });
    expect(withStray.json()).toMatchObject({ message: noItem });
    const emptyPut = await inject('PUT', cargoItemPath(item.id));
    expect(emptyPut.json(), 'PUT without a body').toMatchObject({ message: nothing });
    expect((await send('PUT', cargoItemPath(item.id), 'json', null)).json).toMatchObject({
      message: nothing,
    });
    const strayPut = await server.app.inject({
      method: 'PUT',
      url: cargoItemPath(item.id),
      headers: { ...admin.headers, ...stray.headers },
      payload: stray.payload,
    });
    expect(strayPut.json()).toMatchObject({ message: nothing });
    // The part 'data' holding JSON null is item data that is not an object.
    for (const method of ['POST', 'PUT'] as const) {
      const url = method === 'POST' ? CARGO_ITEMS_PATH : cargoItemPath(item.id);
      const got = await send(method, url, 'multipart field', null);
      expect(got, method).toMatchObject(refusal(NOT_AN_OBJECT));
    }
  });

  it('judges a malformed id first, then what ?image needs, before the item data', async () => {
    const item = await createCatalogueItem(db(), { quantity: 1 });
    const badData = { quantity: -1 };
    for (const form of FORMS) {
      const got = await send('PUT', `${cargoItemPath('abc')}?image`, form, badData);
      expect(got, form).toMatchObject(refusal(ID_RULE));
    }
    const wantsMultipart = {
      status: 415,
      json: {
        error: 'UNSUPPORTED_MEDIA_TYPE',
        message: "Send the new picture as multipart/form-data in the part 'image'.",
      },
    };
    const imageUrl = `${cargoItemPath(item.id)}?image`;
    expect(await send('PUT', imageUrl, 'json', badData)).toMatchObject(wantsMultipart);
    expect(await send('PUT', imageUrl, 'encrypted', badData)).toMatchObject(wantsMultipart);
    const noPicture = refusal("Send the new picture in the part 'image'.");
    expect(await send('PUT', imageUrl, 'multipart field', badData)).toMatchObject(noPicture);
    // With its picture, the data is judged: the same message as in every other form.
    const png = blob(await pngBytes(8, 8), 'image/png');
    const withPicture = await send('PUT', imageUrl, 'multipart field', badData, [
      ['image', png, 'p.png'],
    ]);
    expect(withPicture).toMatchObject(refusal('quantity: must not be negative'));
  });
});
