// Small helpers for the account API tests: the login cookie from a reply, and the recovery
// code from the .eml files the server writes.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { TestServer } from '../../support/build-app.ts';
import { call } from '../../support/inject.ts';
import { DEVICE_COOKIE } from '#server/auth/device-cookie';
import { LOGIN_COOKIE } from '#server/plugins/access';

/** The Cookie header value for the login cookie a reply set. */
export function loginCookieOf(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === LOGIN_COOKIE);
  if (cookie === undefined) throw new Error('no login cookie in the reply');
  return `${LOGIN_COOKIE}=${cookie.value}`;
}

export async function login(server: TestServer, username: string, password: string) {
  const res = await call(server.app, 'POST', '/api/auth/login', { body: { username, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return loginCookieOf(res);
}

/** A sign-in from address `from`, carrying a device cookie when given (throttle tests). */
export function loginFrom(
  app: FastifyInstance,
  from: string,
  username: string,
  password: string,
  device?: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: from,
    headers: device === undefined ? {} : { cookie: `${DEVICE_COOKIE}=${device}` },
    payload: { username, password },
  });
}

function mailsTo(mailDir: string, address: string): string[] {
  if (!fs.existsSync(mailDir)) return [];
  return fs
    .readdirSync(mailDir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => fs.readFileSync(path.join(mailDir, name), 'utf8'))
    .filter((text) => new RegExp(`^To: .*${address}`, 'mi').test(text));
}

/** Waits for the `count`-th mail to the address (mail goes out after the reply). */
export async function waitForMail(server: TestServer, address: string, count = 1) {
  const mailDir = path.join(server.config.dataDir, 'mail');
  for (let i = 0; i < 200; i++) {
    const mails = mailsTo(mailDir, address);
    const mail = mails[count - 1];
    if (mail !== undefined) return mail;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no mail number ${count} to ${address}`);
}

export function codeIn(mail: string): string {
  const code = /recovery code is (\d{6})/.exec(mail)?.[1];
  if (code === undefined) throw new Error('no code in the mail');
  return code;
}
