// The test push service itself (tests/support/push-receiver.ts) reads RFC 8291 bodies made
// from the RFC here and refuses a tampered one, so the delivery tests' "decrypted JSON right"
// means what it says.
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decryptAes128gcm,
  encryptAes128gcm,
  makeTestCertificate,
  startPushReceiver,
  type PushReceiver,
} from '../../support/push-receiver.ts';

describe('the test push receiver', () => {
  let receiver: PushReceiver;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'h2-push-receiver-'));
    receiver = await startPushReceiver(makeTestCertificate(dir));
  });
  afterAll(async () => {
    await receiver.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('decrypts an aes128gcm body made from RFC 8291, and refuses a changed byte', () => {
    const sub = receiver.subscription('self-check');
    const plain = Buffer.from('{"title":"Hello"}');
    const body = encryptAes128gcm(plain, sub.ecdh.getPublicKey(), sub.authSecret);
    expect(decryptAes128gcm(body, sub).toString()).toBe(plain.toString());
    const tampered = Buffer.from(body);
    tampered[tampered.length - 20]! ^= 1;
    expect(() => decryptAes128gcm(tampered, sub)).toThrow();
    const other = receiver.subscription('someone-else');
    expect(() => decryptAes128gcm(body, other)).toThrow();
  });

  it('checks VAPID, TTL and the encoding of a request, and answers what the test queued', async () => {
    const sub = receiver.subscription('checked');
    const keys = webpush.generateVAPIDKeys();
    const options = { vapidDetails: { subject: 'mailto:ops@example.org', ...keys }, TTL: 60 };
    // This process does not trust the test certificate (NODE_EXTRA_CA_CERTS is read at start),
    // so the request is built by web-push and sent here with that certificate as its CA.
    const details = webpush.generateRequestDetails(sub.json, '{"n":1}', options);
    const ca = fs.readFileSync(path.join(dir, 'push-cert.pem'));
    const post = (headers: Record<string, string | number>) =>
      new Promise<number>((resolve, reject) => {
        const request = https.request(details.endpoint, { method: 'POST', headers, ca }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        request.on('error', reject);
        request.end(details.body);
      });
    receiver.answer('checked', { status: 410 });
    expect(await post(details.headers)).toBe(410);
    expect(await post(details.headers)).toBe(201);
    expect(await post({ ...details.headers, Authorization: 'vapid t=x.y.z, k=abc' })).toBe(400);
    const noTtl = Object.fromEntries(
      Object.entries(details.headers).filter(([name]) => name !== 'TTL'),
    );
    expect(await post(noTtl)).toBe(400);
    const delivered = receiver.delivered('checked');
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.payload).toEqual({ n: 1 });
    expect(delivered[0]!.vapid).toMatchObject({ aud: receiver.origin, k: keys.publicKey });
    expect(receiver.attempts.at(-2)!.problems.join()).toMatch(/Authorization|JWT/);
    expect(receiver.attempts.at(-1)!.problems).toEqual(['no TTL header']);
  });
});
