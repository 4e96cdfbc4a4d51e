// Admin calls (spec section 7 "Admin users", "Cargo", "Feedback and volunteer applications")
// tried by an independent client: admin headers Admin-Username / Authentication-Status on
// GETs and multipart, adminUsername / authenticated in bodies.
import { describe, expect, it } from 'vitest';
import { testDialects } from '../support/build-app.ts';
import {
  adminHeaders,
  cargoForm,
  catalogue,
  createCargoItem,
  createUser,
  isId,
  letters,
  login,
  phone10,
  password,
  registerClient,
  securedClient,
  totalOf,
  useServerWithAdmin,
  expectOk,
} from './harness.ts';
import { ISO_UTC_Z, rec, recs, type Rec } from './wire-client.ts';

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe.each(testDialects())('independent client: admin (%s)', (dialect) => {
  const { server, admin } = useServerWithAdmin(dialect);

  const adminBody = (extra: Rec = {}): Rec => ({
    adminUsername: admin.username,
    authenticated: true,
    ...extra,
  });

  async function users(): Promise<{ clients: Rec[]; volunteers: Rec[]; admins: Rec[] }> {
    const reply = await admin.client.get('/api/admin/users', { headers: adminHeaders() });
    expectOk(reply);
    const body = rec(reply.json);
    expect(body.status).toBe('success');
    const data = rec(body.data, 'data');
    return {
      clients: recs(data.clients, 'clients'),
      volunteers: recs(data.volunteers, 'volunteers'),
      admins: recs(data.admins, 'admins'),
    };
  }

  async function applications(): Promise<{ pending: Rec[]; approved: Rec[]; rejected: Rec[] }> {
    const reply = await admin.client.get('/api/volunteer/applications', {
      headers: adminHeaders(),
    });
    expectOk(reply);
    const body = rec(reply.json);
    expect(body.status).toBe('success');
    const data = rec(body.data, 'data');
    return {
      pending: recs(data.pending, 'pending'),
      approved: recs(data.approved, 'approved'),
      rejected: recs(data.rejected, 'rejected'),
    };
  }

  async function apply(): Promise<string> {
    const c = await securedClient(server);
    const email = `app${letters(8)}@example.org`;
    const reply = await c.post('/api/volunteer/apply', {
      firstName: 'Ann',
      lastName: 'Plicant',
      email,
      phone: '555-222-3333',
      notes: 'evenings',
      submissionTime: Math.floor(Date.now() / 1000),
    });
    expectOk(reply);
    return email;
  }

  it('GET /api/admin/users: data with clients, volunteers, admins; users carry the section 3 fields', async () => {
    const client = await registerClient(server);
    const { clients, admins } = await users();
    const me = admins.find((u) => u.username === admin.username);
    expect(me).toMatchObject({ userId: admin.userId, role: 'ADMIN' });
    const listed = clients.find((u) => u.userId === client.userId);
    expect(listed, JSON.stringify(clients)).toBeDefined();
    for (const field of ['userId', 'username', 'email', 'phone', 'role', 'firstName', 'lastName']) {
      expect(listed, field).toHaveProperty(field);
    }
    expect(listed).toMatchObject({
      username: client.username,
      email: client.email,
      phone: client.phone,
      role: 'CLIENT',
      firstName: 'Ada',
      lastName: 'Lane',
    });
    expect(isId(listed!.userId)).toBe(true);
  });

  it('create user: replies message and generatedPassword, which logs in with the given role', async () => {
    const username = `made${letters(8)}`;
    const reply = await admin.client.post(
      '/api/admin/user/create',
      adminBody({
        username,
        email: `${username}@example.org`,
        phone: phone10(),
        role: 'VOLUNTEER',
        firstName: 'Made',
        lastName: 'ByAdmin',
      }),
    );
    expectOk(reply);
    const body = rec(reply.json);
    expect(body.status).toBe('success');
    expect(typeof body.message).toBe('string');
    expect(typeof body.generatedPassword).toBe('string');
    const c = await securedClient(server);
    const logged = await login(c, username, String(body.generatedPassword));
    expectOk(logged);
    expect(rec(logged.json).role).toBe('VOLUNTEER');
  });

  it('update user: PUT /api/admin/user/update/{userId} changes the fields', async () => {
    const target = await registerClient(server, 'upd');
    const username = `updated${letters(6)}`;
    const reply = await admin.client.put(
      `/api/admin/user/update/${target.userId}`,
      adminBody({
        username,
        email: `${username}@example.org`,
        phone: target.phone,
        firstName: 'New',
        lastName: 'Name',
        role: 'VOLUNTEER',
      }),
    );
    expectOk(reply);
    expect(rec(reply.json).status).toBe('success');
    const listed = (await users()).volunteers.find((u) => u.userId === target.userId);
    expect(listed).toMatchObject({
      username,
      firstName: 'New',
      lastName: 'Name',
      role: 'VOLUNTEER',
    });
  });

  it('reset password: PUT /api/admin/user/reset-password/{userId} sets the new password', async () => {
    const target = await registerClient(server, 'rst');
    const newPassword = password();
    const reply = await admin.client.put(
      `/api/admin/user/reset-password/${target.userId}`,
      adminBody({ newPassword }),
    );
    expectOk(reply);
    expect(rec(reply.json).status).toBe('success');
    expect(typeof rec(reply.json).message).toBe('string');
    const c = await securedClient(server);
    expect((await login(c, target.username, target.password)).status).toBe(401);
    expectOk(await login(c, target.username, newPassword));
  });

  it('subrole: PUT /api/admin/volunteer/subrole with userId as text sets volunteerSubRole', async () => {
    const vol = await createUser(server, admin, 'VOLUNTEER');
    const reply = await admin.client.put(
      '/api/admin/volunteer/subrole',
      adminBody({
        userId: String(vol.userId),
        volunteerSubRole: 'TEAM_LEAD',
        notes: 'leads Tuesdays',
      }),
    );
    expectOk(reply);
    expect(rec(reply.json).status).toBe('success');
    const listed = (await users()).volunteers.find((u) => u.userId === vol.userId);
    expect(listed?.volunteerSubRole).toBe('TEAM_LEAD');
    const numeric = await admin.client.put(
      '/api/admin/volunteer/subrole',
      adminBody({ userId: vol.userId, volunteerSubRole: 'CLINICIAN', notes: '' }),
    );
    expectOk(numeric);
    const again = (await users()).volunteers.find((u) => u.userId === vol.userId);
    expect(again?.volunteerSubRole).toBe('CLINICIAN');
  });

  it('delete user: DELETE /api/admin/user/delete {username}; the account no longer logs in', async () => {
    const target = await registerClient(server, 'del');
    const reply = await admin.client.delete(
      '/api/admin/user/delete',
      adminBody({ username: target.username }),
    );
    expectOk(reply);
    expect(rec(reply.json).status).toBe('success');
    const c = await securedClient(server);
    expect((await login(c, target.username, target.password)).status).toBe(401);
  });

  it('applications: data {pending, approved, rejected} with the section 3 fields; approve (applicationId as text) and reject (as a number)', async () => {
    const first = await apply();
    const second = await apply();
    const before = await applications();
    const a = before.pending.find((x) => x.email === first);
    const b = before.pending.find((x) => x.email === second);
    expect(a, JSON.stringify(before.pending)).toBeDefined();
    for (const field of [
      'applicationId',
      'firstName',
      'lastName',
      'email',
      'phone',
      'notes',
      'submissionDate',
    ]) {
      expect(a, field).toHaveProperty(field);
    }
    expect(a).toMatchObject({
      firstName: 'Ann',
      lastName: 'Plicant',
      phone: '555-222-3333',
      notes: 'evenings',
    });
    expect(isId(a!.applicationId)).toBe(true);
    expect(String(a!.submissionDate)).toMatch(ISO_UTC_Z);

    const pendingReply = await admin.client.get('/api/volunteer/pending', {
      headers: adminHeaders(),
    });
    expectOk(pendingReply);
    expect(recs(rec(pendingReply.json).data, 'data').some((x) => x.email === first)).toBe(true);

    const ok = await admin.client.post(
      '/api/volunteer/approve',
      adminBody({ applicationId: String(a!.applicationId) }),
    );
    expectOk(ok);
    expect(rec(ok.json).status).toBe('success');
    expect(typeof rec(ok.json).message).toBe('string');
    const no = await admin.client.post(
      '/api/volunteer/reject',
      adminBody({ applicationId: b!.applicationId }),
    );
    expectOk(no);
    expect(rec(no.json).status).toBe('success');
    const after = await applications();
    expect(after.approved.some((x) => x.applicationId === a!.applicationId)).toBe(true);
    expect(after.rejected.some((x) => x.applicationId === b!.applicationId)).toBe(true);
    expect(after.pending.some((x) => x.applicationId === a!.applicationId)).toBe(false);
  });

  it('feedback all: data list of {id, name, signedIn, username, phoneNumber, content, createdAt}', async () => {
    const c = await securedClient(server);
    const content = `feedback ${letters(8)}`;
    expectOk(
      await c.post('/api/feedback/submit', { name: 'Kim', phoneNumber: '5553334444', content }),
    );
    const reply = await admin.client.get('/api/feedback/all', { headers: adminHeaders() });
    expectOk(reply);
    const body = rec(reply.json);
    expect(body.status).toBe('success');
    const row = recs(body.data, 'data').find((f) => f.content === content);
    // Sent without signing in: beyond-spec.md "Feedback" marks it so.
    expect(row).toMatchObject({
      name: 'Kim',
      signedIn: false,
      username: null,
      phoneNumber: '5553334444',
      content,
    });
    expect(row).toHaveProperty('id');
    expect(String(row!.createdAt)).toMatch(ISO_UTC_Z);
  });

  it("cargo create: multipart 'data' as a plain field; sizes listed and summed", async () => {
    const name = `Gloves${letters(5)}`;
    const reply = await createCargoItem(
      admin,
      {
        name,
        description: 'Nitrile',
        category: 'Medical',
        quantity: 9,
        sizeQuantities: { S: 4, L: 5 },
      },
      'field',
    );
    expectOk(reply);
    expect(rec(reply.json).status).toBe('success');
    const item = (await catalogue(admin.client, adminHeaders())).find((i) => i.name === name);
    expect(item).toMatchObject({
      description: 'Nitrile',
      category: 'Medical',
      sizeQuantities: { S: 4, L: 5 },
    });
    expect(totalOf(item!)).toBe(9);
  });

  it("cargo create: multipart 'data' as a JSON Blob file part", async () => {
    const name = `Bandage${letters(5)}`;
    const reply = await createCargoItem(
      admin,
      { name, description: 'Sterile', category: 'Medical', quantity: 12 },
      'blob',
    );
    expectOk(reply);
    expect(rec(reply.json).status).toBe('success');
    const item = (await catalogue(admin.client)).find((i) => i.name === name);
    expect(item).toMatchObject({ description: 'Sterile', category: 'Medical' });
    expect(totalOf(item!)).toBe(12);
  });

  it("cargo create with an 'image' part: the item gets an imageId served by GET /api/cargo/images/{imageId}", async () => {
    const name = `Mask${letters(5)}`;
    const reply = await admin.client.post('/api/cargo/items', undefined, {
      raw: cargoForm(
        { name, description: 'N95', category: 'Medical', quantity: 3 },
        'field',
        new Blob([PNG_1X1], { type: 'image/png' }),
      ),
      headers: adminHeaders(),
    });
    expectOk(reply);
    const item = (await catalogue(admin.client)).find((i) => i.name === name);
    expect(item?.imageId).toBeTruthy();
    const image = await admin.client.get(`/api/cargo/images/${String(item!.imageId)}`);
    expectOk(image);
    expect(image.headers.get('content-type') ?? '').toMatch(/^image\//);
  });

  it("cargo image update: PUT /api/cargo/items/{id}?image with a multipart 'image' part", async () => {
    const name = `Poncho${letters(5)}`;
    expectOk(await createCargoItem(admin, { name, quantity: 2 }));
    const item = (await catalogue(admin.client)).find((i) => i.name === name)!;
    const form = new FormData();
    form.append('image', new Blob([PNG_1X1], { type: 'image/png' }), 'poncho.png');
    const reply = await admin.client.call('PUT', `/api/cargo/items/${String(item.id)}?image`, {
      raw: form,
      headers: adminHeaders(),
    });
    expectOk(reply);
    expect(rec(reply.json).status).toBe('success');
    const updated = (await catalogue(admin.client)).find((i) => i.name === name);
    expect(updated?.imageId).toBeTruthy();
    const image = await admin.client.get(`/api/cargo/images/${String(updated!.imageId)}`);
    expectOk(image);
    expect(image.headers.get('content-type') ?? '').toMatch(/^image\//);
  });

  it('cargo update: PUT /api/cargo/items/{id} with name, description, category, quantity', async () => {
    const name = `Blanket${letters(5)}`;
    expectOk(
      await createCargoItem(admin, {
        name,
        description: 'Fleece',
        category: 'Bedding',
        quantity: 5,
      }),
    );
    const item = (await catalogue(admin.client)).find((i) => i.name === name)!;
    const renamed = `${name}x`;
    const reply = await admin.client.put(
      `/api/cargo/items/${String(item.id)}`,
      { name: renamed, description: 'Wool', category: 'Bedding', quantity: 8 },
      { headers: adminHeaders() },
    );
    expectOk(reply);
    expect(rec(reply.json).status).toBe('success');
    const updated = (await catalogue(admin.client)).find((i) => String(i.id) === String(item.id));
    expect(updated).toMatchObject({ name: renamed, description: 'Wool', category: 'Bedding' });
    expect(totalOf(updated!)).toBe(8);
  });

  it('GET /api/orders/all as the admin lists orders with orderType and orderItems', async () => {
    const name = `Tea${letters(5)}`;
    expectOk(await createCargoItem(admin, { name, quantity: 5 }));
    const client = await registerClient(server);
    const created = await client.client.post('/api/orders/create', {
      authenticated: true,
      userId: client.userId,
      deliveryAddress: '1 Main St',
      notes: 'n',
      phoneNumber: client.phone,
      items: [{ itemName: name, quantity: 1 }],
    });
    expectOk(created);
    const orderId = rec(created.json).orderId;
    const reply = await admin.client.get('/api/orders/all', {
      headers: adminHeaders(),
      query: { authenticated: true, userId: admin.userId, userRole: 'ADMIN' },
    });
    expectOk(reply);
    const order = recs(rec(reply.json).orders, 'orders').find((o) => o.orderId === orderId);
    expect(order).toMatchObject({ status: 'PENDING', orderType: 'CLIENT', userId: client.userId });
    expect(recs(order!.orderItems, 'orderItems')[0]).toMatchObject({ itemName: name, quantity: 1 });
    expect(String(order!.requestTime)).toMatch(ISO_UTC_Z);
  });
});
