// The benches' node:crypto handshake client (tests/bench/node-handshake-client.ts) speaks the
// wire protocol exactly: the server completes its handshake, and the key it derives opens the
// server's encrypted replies and seals bodies the server accepts.
import { describe, expect, it } from 'vitest';
import { importAesKey } from '#shared/secure-channel/index';
import { useTestServer } from '../../support/build-app.ts';
import { nodeHandshake } from '../../bench/node-handshake-client.ts';
import { FEEDBACK, feedback, openReply, sendEncrypted } from './secure-client.ts';

describe('the benches node:crypto handshake client', () => {
  const server = useTestServer('sqlite', {}, { listen: true });

  it('makes a session whose key both sides share', async () => {
    const made = await nodeHandshake({
      baseUrl: server.baseUrl,
      clientId: server.config.clientId,
      clientAuthKey: server.config.clientAuthKey,
    });
    const session = {
      sessionId: made.sessionId,
      key: await importAesKey(new Uint8Array(made.key)),
    };
    const res = await sendEncrypted(server, session, {
      method: 'POST',
      url: FEEDBACK,
      body: feedback,
    });
    expect(res.statusCode).toBe(200);
    expect(await openReply(session, res)).toMatchObject({ status: 'success' });
  });
});
