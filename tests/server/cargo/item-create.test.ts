import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CARGO_ITEMS_PATH, cargoItemWriteReply } from '#shared/contracts/cargo';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import { useCaller, useCallers } from '../callers.ts';
import { blob, multipart, pngBytes, type Part } from './cargo-kit.ts';

describe.each(testDialects())('POST /api/cargo/items (%s)', (dialect) => {
  const server = useTestServer(dialect);
  const callers = useCallers(server, { forgedAdmin: true });
  const admin = useCaller(callers, 'ADMIN');

  async function post(
    parts: [string, Part, string?][],
    headers: Record<string, string> = admin.headers,
  ) {
    const body = await multipart(parts);
    return server.app.inject({
      method: 'POST',
      url: CARGO_ITEMS_PATH,
      headers: { 'idempotency-key': randomUUID(), ...headers, ...body.headers },
      payload: body.payload,
    });
  }

  const data = (item: unknown) => JSON.stringify(item);
  const uniqueName = () => `Item ${randomUUID().slice(0, 8)}`;

  async function countItems(name: string): Promise<number> {
    const rows = await server.app.ctx.opened.db
      .selectFrom('cargo_items')
      .select('id')
      .where('name_key', '=', name.toLowerCase())
      .execute();
    return rows.length;
  }

  it('is for admins only: 401 signed out, 403 for others and a forged Admin-Username', async () => {
    const expected: Record<string, number> = {
      'signed-out': 401,
      CLIENT: 403,
      VOLUNTEER: 403,
      ADMIN: 201,
      'forged-admin-username': 403,
    };
    for (const caller of callers) {
      const name = uniqueName();
      const res = await post([['data', data({ name, quantity: 1 })]], caller.headers);
      expect(res.statusCode, caller.label).toBe(expected[caller.label]);
      expect(await countItems(name), caller.label).toBe(caller.label === 'ADMIN' ? 1 : 0);
    }
  });

  it('checks identity claims inside the multipart item JSON like a JSON body', async () => {
    const otherAdmin = callers.find((c) => c.label === 'forged-admin-username')!;
    const forged = otherAdmin.headers['admin-username']!;
    const name = uniqueName();
    const res = await post([['data', data({ name, adminUsername: forged, authenticated: true })]]);
    expect(res.statusCode).toBe(403);
    const own = admin.headers['admin-username']!;
    const ok = await post([['data', data({ name, adminUsername: own, authenticated: true })]]);
    expect(ok.statusCode).toBe(201);
    expect(await countItems(name)).toBe(1);
  });

  it('creates an item from a plain data field; the total is the sum of the sizes', async () => {
    const name = uniqueName();
    const res = await post([
      [
        'data',
        data({
          name: `  ${name} `,
          description: 'Warm',
          category: 'Clothing',
          quantity: 999,
          sizeQuantities: { S: 2, ' M ': 5, L: 0 },
        }),
      ],
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const reply = cargoItemWriteReply.parse(res.json());
    expect(reply.item).toEqual({
      id: reply.id,
      name,
      description: 'Warm',
      category: 'Clothing',
      quantity: 7,
      imageId: null,
      sizeQuantities: { S: 2, M: 5, L: 0 },
      maxPerOrder: 10,
    });
    const row = await server.app.ctx.opened.db
      .selectFrom('cargo_items')
      .select(['quantity', 'name_key'])
      .where('id', '=', reply.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ quantity: 7, name_key: name.toLowerCase() });
  });

  it('takes the data as a JSON file part (a Blob), with an image, and as a JSON body', async () => {
    const withBlob = await post([
      ['data', blob(data({ name: uniqueName(), quantity: 12 }), 'application/json'), 'blob'],
      ['image', blob(await pngBytes(40, 30), 'image/png'), 'photo.png'],
    ]);
    expect(withBlob.statusCode, withBlob.body).toBe(201);
    const item = cargoItemWriteReply.parse(withBlob.json()).item;
    expect(item.quantity).toBe(12);
    expect(item.imageId).toEqual(expect.any(String));

    const name = uniqueName();
    const json = await server.app.inject({
      method: 'POST',
      url: CARGO_ITEMS_PATH,
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload: { name, stock: 4 },
    });
    expect(json.statusCode, json.body).toBe(201);
    expect(cargoItemWriteReply.parse(json.json()).item).toMatchObject({ name, quantity: 4 });
  });

  it('refuses bad item data with a 400 naming the problem, and stores nothing', async () => {
    const long = (n: number) => 'x'.repeat(n);
    const cases: [string, [string, Part, string?][]][] = [
      ['no data part', [['other', 'x']]],
      ['data not JSON', [['data', '{name: oops']]],
      ['data JSON file not JSON', [['data', blob('not json', 'application/json'), 'blob']]],
      ['name missing', [['data', data({ quantity: 1 })]]],
      ['name blank', [['data', data({ name: '   ' })]]],
      ['name too long', [['data', data({ name: long(101) })]]],
      ['description too long', [['data', data({ name: 'A', description: long(2001) })]]],
      ['category too long', [['data', data({ name: 'A', category: long(101) })]]],
      ['negative quantity', [['data', data({ name: 'A', quantity: -1 })]]],
      ['fractional quantity', [['data', data({ name: 'A', quantity: 1.5 })]]],
      ['huge quantity', [['data', data({ name: 'A', quantity: 1_000_001 })]]],
      ['quantity text', [['data', data({ name: 'A', quantity: 'ten' })]]],
      ['size blank', [['data', data({ name: 'A', sizeQuantities: { ' ': 1 } })]]],
      ['size label long', [['data', data({ name: 'A', sizeQuantities: { [long(41)]: 1 } })]]],
      ['size negative', [['data', data({ name: 'A', sizeQuantities: { S: -2 } })]]],
      ['size twice', [['data', data({ name: 'A', sizeQuantities: { S: 1, ' S': 2 } })]]],
      [
        'too many sizes',
        [
          [
            'data',
            data({
              name: 'A',
              sizeQuantities: Object.fromEntries(
                Array.from({ length: 51 }, (_, i) => [`S${i}`, 1]),
              ),
            }),
          ],
        ],
      ],
      [
        'sizes over the limit',
        [['data', data({ name: 'A', sizeQuantities: { S: 1_000_000, M: 1 } })]],
      ],
      ['data an array', [['data', '[1,2]']]],
    ];
    for (const [label, parts] of cases) {
      const res = await post(parts);
      expect(res.statusCode, label).toBe(400);
      const envelope = res.json<{ status: string; message: string; error: string }>();
      expect(envelope, label).toMatchObject({ status: 'error', error: 'BAD_REQUEST' });
      expect(envelope.message.length, label).toBeGreaterThan(5);
    }
    expect(await countItems('A')).toBe(0);
  });

  it('answers malformed multipart bodies with a 4xx, never a 5xx', async () => {
    const good = await multipart([['data', data({ name: uniqueName(), quantity: 1 })]]);
    const boundary = /boundary=(.+)$/.exec(good.headers['content-type']!)![1]!;
    const cases: [string, string, Buffer | string][] = [
      ['no boundary', 'multipart/form-data', good.payload],
      ['wrong boundary', 'multipart/form-data; boundary=nope', good.payload],
      ['cut short', good.headers['content-type']!, good.payload.subarray(0, 60)],
      ['empty', good.headers['content-type']!, ''],
      ['garbage', `multipart/form-data; boundary=${boundary}`, 'hello there'],
    ];
    for (const [label, type, payload] of cases) {
      const res = await server.app.inject({
        method: 'POST',
        url: CARGO_ITEMS_PATH,
        headers: { ...admin.headers, 'content-type': type },
        payload,
      });
      expect(res.statusCode, label).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, label).toBeLessThan(500);
      expect(res.json(), label).toMatchObject({ status: 'error' });
    }
  });

  it('accepts digit strings as quantities (form inputs)', async () => {
    const res = await post([['data', data({ name: uniqueName(), quantity: '25' })]]);
    expect(res.statusCode, res.body).toBe(201);
    expect(cargoItemWriteReply.parse(res.json()).item.quantity).toBe(25);
  });

  it('refuses a second item of the same name, whatever its case, with 409', async () => {
    const name = uniqueName();
    expect((await post([['data', data({ name })]])).statusCode).toBe(201);
    const again = await post([['data', data({ name: name.toUpperCase() })]]);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toContain(name.toUpperCase());
    expect(await countItems(name)).toBe(1);
  });

  it('creates one item when the same create is replayed with its Idempotency-Key', async () => {
    const name = uniqueName();
    const key = randomUUID();
    const parts: [string, Part, string?][] = [
      ['data', data({ name, quantity: 3 })],
      ['image', blob(await pngBytes(20, 20), 'image/png'), 'p.png'],
    ];
    const first = await post(parts, { ...admin.headers, 'idempotency-key': key });
    const second = await post(parts, { ...admin.headers, 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(await countItems(name)).toBe(1);
    const images = await server.app.ctx.opened.db
      .selectFrom('images')
      .select('id')
      .where('id', '=', cargoItemWriteReply.parse(first.json()).item.imageId!)
      .execute();
    expect(images).toHaveLength(1);

    const changed = await post([['data', data({ name, quantity: 4 })]], {
      ...admin.headers,
      'idempotency-key': key,
    });
    expect(changed.statusCode).toBe(422);
  });
});
