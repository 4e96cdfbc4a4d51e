// The mails that carry a code, read decoded from the real .eml files the server writes (the
// raw files may wrap or encode lines): the n-th mail to an address, its code and its links.
import path from 'node:path';
import type { TestServer } from '../../support/build-app.ts';
import { readMails, type Mail } from '../../support/e2e-mail.ts';

const mailDirOf = (server: TestServer) => path.join(server.config.dataDir, 'mail');

export function mailsTo(server: TestServer, address: string): Mail[] {
  return readMails(mailDirOf(server)).filter((m) => m.to.toLowerCase() === address.toLowerCase());
}

/** Waits for the `count`-th mail to the address (mail goes out after the reply). */
export async function nthMailTo(server: TestServer, address: string, count: number) {
  for (let i = 0; i < 200; i++) {
    const mail = mailsTo(server, address)[count - 1];
    if (mail !== undefined) return mail;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no mail number ${count} to ${address}`);
}

/** The 6-digit code a mail gives ("... code is 123456."). */
export function mailedCode(mail: Mail): string {
  const code = /code is (\d{6})\./.exec(mail.text)?.[1];
  if (code === undefined) throw new Error(`no code in ${mail.file}`);
  return code;
}

/** The absolute links in a mail's text part (the HTML part links the same ones). */
export function linksIn(mail: Mail): URL[] {
  return [...mail.plain.matchAll(/https?:\/\/\S+/g)].map((m) => new URL(m[0]));
}
