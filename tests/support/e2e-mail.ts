// Reads the .eml files the server writes under DATA_DIR/mail when SMTP_URL is unset: just
// enough MIME (multipart, base64, quoted-printable) to get at the text a person would read.
import fs from 'node:fs';
import path from 'node:path';

export interface Mail {
  file: string;
  to: string;
  subject: string;
  /** The decoded text/plain and text/html parts, joined. */
  text: string;
  /** The decoded text/plain parts only (what a reader of the text sees, links once). */
  plain: string;
  /** The decoded text/html parts only ('' when the mail has none). */
  html: string;
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function parsePart(raw: string): Part {
  const split = /\r?\n\r?\n/.exec(raw);
  const head = split === null ? raw : raw.slice(0, split.index);
  const body = split === null ? '' : raw.slice(split.index + split[0].length);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (encoding === 'base64')
    return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = part.body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return part.body;
}

/** The decoded text parts whose type starts with `kind` ('text/' for all of them). */
function textOf(part: Part, kind = 'text/'): string[] {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary !== undefined) {
    const pieces = part.body.split(`--${boundary}`).slice(1);
    return pieces
      .filter((piece) => !piece.startsWith('--'))
      .flatMap((piece) => textOf(parsePart(piece.replace(/^\r?\n/, '')), kind));
  }
  return type.toLowerCase().startsWith(kind) ? [decodeBody(part)] : [];
}

/** RFC 2047 encoded words in headers (=?UTF-8?B?...?= / =?UTF-8?Q?...?=). */
function decodeHeader(value: string): string {
  // Space between two encoded words is folding, not text (RFC 2047 section 6.2).
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?[^?]+\?([BbQq])\?([^?]*)\?=/g, (_m, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeBody({
            headers: new Map([['content-transfer-encoding', 'quoted-printable']]),
            body: text.replace(/_/g, ' '),
          }),
    );
}

export function parseMail(file: string): Mail {
  const part = parsePart(fs.readFileSync(file, 'utf8'));
  return {
    file,
    to: decodeHeader(part.headers.get('to') ?? ''),
    subject: decodeHeader(part.headers.get('subject') ?? ''),
    text: textOf(part).join('\n'),
    plain: textOf(part, 'text/plain').join('\n'),
    html: textOf(part, 'text/html').join('\n'),
  };
}

/** Every mail written so far, oldest first (by file time). */
export function readMails(mailDir: string): Mail[] {
  if (!fs.existsSync(mailDir)) return [];
  return fs
    .readdirSync(mailDir)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => path.join(mailDir, name))
    .sort((a, b) => fs.statSync(a).mtimeMs - fs.statSync(b).mtimeMs)
    .map(parseMail);
}

/** The newest mail to `address` once one exists (mail is written after the reply is sent). */
export async function waitForMail(
  mailDir: string,
  address: string,
  timeoutMs = 10_000,
): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = readMails(mailDir).filter((m) =>
      m.to.toLowerCase().includes(address.toLowerCase()),
    );
    const newest = mails.at(-1);
    if (newest !== undefined) return newest;
    if (Date.now() > deadline) throw new Error(`no mail to ${address} in ${mailDir}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The 6-digit code in a password-reset mail. */
export function resetCodeIn(mail: Mail): string {
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (code === undefined) throw new Error(`no 6-digit code in ${mail.file}`);
  return code;
}
