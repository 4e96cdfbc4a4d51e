import { describe, expect, it } from 'vitest';
import { signHandshake, verifyHandshakeSignature } from '#shared/secure-channel/index';

// HMAC-SHA-256('test-client-key', 'test-client1700000000000'), computed with node:crypto.
const PINNED = 'HzufA043rbDnszV1alqbKJRQOVRdPUpBv2QPAx2tlcU=';

describe('handshake signature', () => {
  it('signs clientId + timestamp with HMAC-SHA-256', async () => {
    expect(await signHandshake('test-client-key', 'test-client', 1700000000000)).toBe(PINNED);
  });

  it('verifies its own signature over the timestamp as sent', async () => {
    expect(
      await verifyHandshakeSignature('test-client-key', 'test-client', '1700000000000', PINNED),
    ).toBe(true);
  });

  it.each([
    ['another key', 'other-key', 'test-client', '1700000000000', PINNED],
    ['another client id', 'test-client-key', 'test-clienT', '1700000000000', PINNED],
    ['another timestamp', 'test-client-key', 'test-client', '1700000000001', PINNED],
    ['a signature that is not base64', 'test-client-key', 'test-client', '1700000000000', 'nope'],
    ['an empty signature', 'test-client-key', 'test-client', '1700000000000', ''],
  ])('refuses %s', async (_name, key, clientId, timestamp, signature) => {
    expect(await verifyHandshakeSignature(key, clientId, timestamp, signature)).toBe(false);
  });
});
