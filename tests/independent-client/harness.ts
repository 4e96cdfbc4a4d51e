// Shared set-up for the independent-client tests: a real server listening on 127.0.0.1 (the
// only repository code used: startTestServer and ensureFirstAdmin), and account helpers that
// go through the documented API only.
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes, randomInt } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { ensureFirstAdmin } from '#server/auth/first-admin';
import { startTestServer, type TestServer } from '../support/build-app.ts';
import { rec, recs, WireClient, type Rec, type Reply } from './wire-client.ts';

export const ADMIN = { username: 'chiefadmin', password: 'Admin12345' };

export async function startServer(dialect: TestServer['dialect']): Promise<TestServer> {
  const server = await startTestServer(
    dialect,
    { adminUsername: ADMIN.username, adminPassword: ADMIN.password, rateLimitScale: 1000 },
    { listen: true },
  );
  // wire-protocol.md: the first admin is created on first start from ADMIN_USERNAME/PASSWORD.
  await ensureFirstAdmin(server.app.ctx.opened.db, server.config, () => undefined);
  return server;
}

/**
 * A listening server and the first admin's session for the enclosing describe block: started
 * in beforeAll, closed in afterAll. Both objects are filled in once the server has started.
 */
export function useServerWithAdmin(dialect: TestServer['dialect']): {
  server: TestServer;
  admin: Account;
} {
  const server = {} as TestServer;
  const admin = {} as Account;
  beforeAll(async () => {
    Object.assign(server, await startServer(dialect));
    Object.assign(admin, await adminSession(server));
  });
  afterAll(async () => {
    // Absent when the start failed: that failure is the one to report.
    await (server as Partial<TestServer>).close?.();
  });
  return { server, admin };
}

export function newClient(server: TestServer): WireClient {
  return new WireClient(server.baseUrl, server.config.clientId, server.config.clientAuthKey);
}

export async function securedClient(server: TestServer): Promise<WireClient> {
  const c = newClient(server);
  await c.handshake();
  return c;
}

/** Letters only (spec section 5: usernames are English letters). */
export function letters(n = 10): string {
  return Array.from(randomBytes(n), (b) => String.fromCharCode(97 + (b % 26))).join('');
}

export function phone10(): string {
  return `5${String(randomInt(100_000_000, 999_999_999))}`;
}

export function password(): string {
  return `Pw${letters(6)}${randomInt(100, 999)}`;
}

export const adminHeaders = (username = ADMIN.username): Record<string, string> => ({
  'Admin-Username': username,
  'Authentication-Status': 'true',
});

export interface Account {
  client: WireClient;
  username: string;
  password: string;
  email: string;
  phone: string;
  userId: number;
  role: string;
}

export async function login(c: WireClient, username: string, pw: string): Promise<Reply> {
  return c.post('/api/auth/login', { username, password: pw }, { encrypt: true });
}

/** Logs in on a fresh secured client and returns the account as the login reply names it. */
export async function loginAs(server: TestServer, username: string, pw: string): Promise<Account> {
  const c = await securedClient(server);
  const reply = await login(c, username, pw);
  expectOk(reply);
  const body = rec(reply.json);
  return {
    client: c,
    username: String(body.username),
    password: pw,
    email: typeof body.email === 'string' ? body.email : '',
    phone: typeof body.phone === 'string' ? body.phone : '',
    userId: Number(body.userId),
    role: String(body.role),
  };
}

export async function registerClient(server: TestServer, prefix = 'client'): Promise<Account> {
  const c = await securedClient(server);
  const username = `${prefix}${letters(8)}`;
  const pw = password();
  const email = `${username}@example.org`;
  const phone = phone10();
  const reply = await c.post(
    '/api/auth/register',
    { username, password: pw, role: 'CLIENT', email, phone, firstName: 'Ada', lastName: 'Lane' },
    { encrypt: true },
  );
  expectOk(reply);
  return loginAs(server, username, pw);
}

export function adminSession(server: TestServer): Promise<Account> {
  return loginAs(server, ADMIN.username, ADMIN.password);
}

/** POST /api/admin/user/create; the generated password is used to log the new user in. */
export async function createUser(
  server: TestServer,
  admin: Account,
  role: 'CLIENT' | 'VOLUNTEER',
  prefix = 'vol',
): Promise<Account & { generatedPassword: string }> {
  const username = `${prefix}${letters(8)}`;
  const reply = await admin.client.post('/api/admin/user/create', {
    adminUsername: admin.username,
    authenticated: true,
    username,
    email: `${username}@example.org`,
    phone: phone10(),
    role,
    firstName: 'Vee',
    lastName: prefix,
  });
  expectOk(reply);
  const generatedPassword = String(rec(reply.json).generatedPassword);
  const account = await loginAs(server, username, generatedPassword);
  return { ...account, generatedPassword };
}

/**
 * Mail is written as .eml files under DATA_DIR/mail/ when SMTP_URL is unset, named by the
 * time they were written (UTC, milliseconds): oldest first.
 */
export function mailsTo(server: TestServer, address: string): string[] {
  const dir = path.join(server.config.dataDir, 'mail');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => fs.readFileSync(path.join(dir, name), 'utf8'))
    .filter((text) => text.toLowerCase().includes(address.toLowerCase()))
    .map(decodeMail);
}

/** The 6-digit numbers of a mail's text lines (not its headers or markup). */
export function codesIn(mail: string): string[] {
  return [
    ...new Set(
      mail
        .split(/\r?\n/)
        .filter((line) => !/[<>=_]|^[\w-]+:/.test(line))
        .flatMap((line) => [...line.matchAll(/(?<!\d)(\d{6})(?!\d)/g)].map((m) => m[1]!)),
    ),
  ];
}

/** The codes in the newest mail to the address (waits up to 5 s for `count` mails). */
export async function newestCodes(
  server: TestServer,
  address: string,
  count: number,
): Promise<string[]> {
  for (let waited = 0; waited < 5000; waited += 100) {
    const mails = mailsTo(server, address);
    if (mails.length >= count) return codesIn(mails.at(-1) ?? '');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`fewer than ${count} mails to ${address}`);
}

/**
 * POST /api/auth/email/verify with each of the first 3 candidates until one is accepted (a
 * mail may hold other 6-digit numbers); the last reply.
 */
export async function verifyEmailWithAny(account: Account, codes: string[]): Promise<Reply> {
  let reply = await account.client.post('/api/auth/email/verify', { code: codes[0] });
  for (const code of codes.slice(1, 3)) {
    if (reply.status < 300) break;
    reply = await account.client.post('/api/auth/email/verify', { code });
  }
  return reply;
}

/** A volunteer application for the email (sent signed out), found in the admin's pending list. */
export async function applicationFor(
  server: TestServer,
  admin: Account,
  email: string,
): Promise<number> {
  const c = await securedClient(server);
  expectOk(
    await c.post('/api/volunteer/apply', {
      firstName: 'Ann',
      lastName: 'Plicant',
      email,
      phone: '555-222-3333',
      notes: '',
    }),
  );
  const list = await admin.client.get('/api/volunteer/pending', {
    headers: adminHeaders(admin.username),
  });
  expectOk(list);
  const data = rec(list.json).data as { applicationId: number; email: string }[];
  const found = data.find((x) => x.email === email);
  expect(found, JSON.stringify(data)).toBeDefined();
  return found!.applicationId;
}

/** POST /api/volunteer/approve as the admin; the reply, whatever its status. */
export function approveApplication(admin: Account, applicationId: number): Promise<Reply> {
  return admin.client.post('/api/volunteer/approve', {
    adminUsername: admin.username,
    authenticated: true,
    applicationId,
  });
}

/** Best-effort decoding of quoted-printable / base64 bodies so a code can be found. */
function decodeMail(raw: string): string {
  const parts = [raw];
  for (const m of raw.matchAll(/\r?\n\r?\n([A-Za-z0-9+/=\r\n]{16,})(?:\r?\n|$)/g)) {
    const b64 = (m[1] ?? '').replace(/\s+/g, '');
    if (b64.length % 4 === 0) parts.push(Buffer.from(b64, 'base64').toString('utf8'));
  }
  parts.push(
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
  );
  return parts.join('\n');
}

export function isId(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}

/** ISO 8601 input one hour (or `hours`) from now, minute precision, in UTC with Z. */
export function hoursFromNow(hours: number): Date {
  const d = new Date(Date.now() + hours * 3_600_000);
  d.setUTCSeconds(0, 0);
  return d;
}

export interface CargoInput {
  name: string;
  description?: string;
  category?: string;
  quantity?: number;
  sizeQuantities?: Record<string, number>;
}

/** POST /api/cargo/items: multipart, part 'data' as a plain field or as a JSON Blob file part. */
export function cargoForm(item: CargoInput, dataAs: 'field' | 'blob', image?: Blob): FormData {
  const form = new FormData();
  const json = JSON.stringify(item);
  if (dataAs === 'field') form.append('data', json);
  else form.append('data', new Blob([json], { type: 'application/json' }), 'data.json');
  if (image !== undefined) form.append('image', image, 'item.png');
  return form;
}

export async function createCargoItem(
  admin: Account,
  item: CargoInput,
  dataAs: 'field' | 'blob' = 'field',
): Promise<Reply> {
  return admin.client.post('/api/cargo/items', undefined, {
    raw: cargoForm(item, dataAs),
    headers: adminHeaders(admin.username),
  });
}

/** GET /api/cargo/items: an array of items; an object with items is also tolerated. */
export async function catalogue(
  c: WireClient,
  headers: Record<string, string> = {},
): Promise<Rec[]> {
  const reply = await c.get('/api/cargo/items', { headers });
  expectOk(reply);
  const items = Array.isArray(reply.json) ? reply.json : rec(reply.json).items;
  return recs(items, 'catalogue');
}

/** The total may arrive as totalQuantity, quantity or stock (spec section 3). */
export function totalOf(item: Rec): number {
  return Number(item.totalQuantity ?? item.quantity ?? item.stock);
}

/** wire-protocol.md: success is any HTTP 2xx (with status "success" in JSON replies). */
export function expectOk(reply: { status: number; text: string }): void {
  expect(reply.status >= 200 && reply.status < 300, `HTTP ${reply.status}: ${reply.text}`).toBe(
    true,
  );
}

/** wire-protocol.md: the reply to an encrypted request is sealed, errors included. */
export function expectSealed(reply: Reply): void {
  const type = reply.headers.get('content-type') ?? '';
  expect(
    reply.encrypted,
    `reply to an encrypted request should be sealed; got HTTP ${reply.status} ${type}: ${reply.text}`,
  ).toBe(true);
}
