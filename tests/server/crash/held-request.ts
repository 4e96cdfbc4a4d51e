// A write held in flight on purpose: its headers go first with `Expect: 100-continue`, and
// the server's 100 Continue proves it has taken the request (Node answers it as it hands the
// request to Fastify). The sealed body follows only when the test says so, so the test knows
// for certain which requests were in flight when it sent SIGTERM.
import http from 'node:http';
import { open, seal } from '../../independent-client/wire-client.ts';
import type { LoggedWrite } from './workload.ts';

export interface HeldRequest {
  /** Sends the body; resolves with the reply (opened when it is sealed). */
  release(): Promise<{ status: number; json: unknown }>;
}

function readReply(
  res: http.IncomingMessage,
  aesKey: Buffer,
): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('error', reject);
    res.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const sealed = (res.headers['content-type'] ?? '').startsWith('text/plain');
      resolve({
        status: res.statusCode ?? 0,
        json: JSON.parse(sealed ? open(aesKey, text) : text) as unknown,
      });
    });
  });
}

/** Resolves once the server has taken the request (100 Continue), body not yet sent. */
export function holdWrite(baseUrl: string, write: LoggedWrite): Promise<HeldRequest> {
  const session = write.client.session;
  if (session === undefined) throw new Error('the write needs a secure session');
  const body = seal(session.aesKey, JSON.stringify(write.body));
  const request = http.request(new URL(write.path, baseUrl), {
    method: write.method,
    agent: false,
    headers: {
      Expect: '100-continue',
      Cookie: write.client.cookieHeader(),
      'Content-Type': 'text/plain',
      'Content-Length': Buffer.byteLength(body),
      'X-Session-ID': session.sessionId,
      'Idempotency-Key': write.key,
    },
  });
  const reply = new Promise<{ status: number; json: unknown }>((resolve, reject) => {
    request.once('response', (res) => resolve(readReply(res, session.aesKey)));
    request.once('error', reject);
  });
  return new Promise((resolve, reject) => {
    request.once('error', reject);
    request.once('continue', () =>
      resolve({
        release: () => {
          request.end(body);
          return reply;
        },
      }),
    );
    request.flushHeaders();
  });
}
