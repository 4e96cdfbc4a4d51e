// beyond-spec.md section 1 "Feedback": the admin's rows say whether a signed-in account sent
// each message (signedIn) and which (username), from the login session, never from the body:
// a visitor who types someone's name stays a visitor.
import { describe, expect, it } from 'vitest';
import { testDialects, useSignedInUser, useTestServer } from '../../support/build-app.ts';
import { createSignedInUser } from '../../support/factories.ts';
import { handshake, sendEncrypted } from '../security/secure-client.ts';

interface Row {
  id: number;
  name: string | null;
  signedIn?: unknown;
  username?: unknown;
  content: string;
}

describe.each(testDialects())('feedback sender identity (%s)', (dialect) => {
  const server = useTestServer(dialect, { rateLimitScale: 100 });
  const admin = useSignedInUser(server, { role: 'ADMIN' });

  async function submit(body: object, cookie?: string) {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/feedback/submit',
      headers: cookie === undefined ? {} : { cookie },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ id: number }>().id;
  }

  async function adminRow(id: number): Promise<Row> {
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/feedback/all',
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(200);
    const row = res.json<{ data: Row[] }>().data.find((r) => r.id === id);
    if (row === undefined) throw new Error(`feedback ${String(id)} not listed`);
    return row;
  }

  it("an anonymous sender claiming an account's name: signedIn false, username null", async () => {
    const riley = await createSignedInUser(server.app.ctx.opened.db);
    const id = await submit({ name: riley.username, phoneNumber: '5550001111', content: 'Anon' });
    expect(await adminRow(id)).toMatchObject({
      name: riley.username,
      signedIn: false,
      username: null,
    });
  });

  it('an anonymous sender without a name: signedIn false, username null', async () => {
    const id = await submit({ phoneNumber: '5550001111', content: 'No name' });
    expect(await adminRow(id)).toMatchObject({ name: null, signedIn: false, username: null });
  });

  it("a signed-in sender: signedIn true and the session's username, whatever name the body claims", async () => {
    const client = await createSignedInUser(server.app.ctx.opened.db);
    const other = await createSignedInUser(server.app.ctx.opened.db);
    const id = await submit(
      { name: other.username, phoneNumber: '5550001111', content: 'Signed in' },
      client.cookie,
    );
    expect(await adminRow(id)).toMatchObject({
      name: client.username,
      signedIn: true,
      username: client.username,
    });
  });

  it('the same through the secure channel (encrypted body, as the web client sends it)', async () => {
    const volunteer = await createSignedInUser(server.app.ctx.opened.db, { role: 'VOLUNTEER' });
    const session = await handshake(server);
    const res = await sendEncrypted(server, session, {
      method: 'POST',
      url: '/api/feedback/submit',
      body: { name: 'Admin', phoneNumber: '5550001111', content: 'Sealed' },
      headers: { cookie: volunteer.cookie },
    });
    expect(res.statusCode).toBe(200);
    const rows = await server.app.ctx.opened.db
      .selectFrom('feedback')
      .select('id')
      .where('content', '=', 'Sealed')
      .execute();
    expect(await adminRow(rows[0]!.id)).toMatchObject({
      signedIn: true,
      username: volunteer.username,
    });
  });

  it("keeps the sender's username after the account is deleted", async () => {
    const db = server.app.ctx.opened.db;
    const leaving = await createSignedInUser(db);
    const id = await submit({ phoneNumber: '5550001111', content: 'Then I left' }, leaving.cookie);
    const gone = await server.app.inject({
      method: 'DELETE',
      url: '/api/admin/user/delete',
      headers: { cookie: admin.cookie },
      payload: { username: leaving.username },
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await adminRow(id)).toMatchObject({ signedIn: true, username: leaving.username });
  });
});
