// A real server listening on loopback, and the queries the offline tests check it with.
import { startTestServer, type TestServer } from '../../../support/build-app.ts';
import { createNodeClient, type NodeClient } from './node-client.ts';

export interface ReplayServer {
  server: TestServer;
  client: NodeClient;
  feedbackCount(content: string): Promise<number>;
  close(): Promise<void>;
}

export async function startReplayServer(): Promise<ReplayServer> {
  const server = await startTestServer('sqlite', { rateLimitScale: 1000 }, { listen: true });
  const db = server.app.ctx.opened.db;
  return {
    server,
    client: createNodeClient(server.baseUrl, server.config),
    async feedbackCount(content) {
      const rows = await db
        .selectFrom('feedback')
        .select('id')
        .where('content', '=', content)
        .execute();
      return rows.length;
    },
    close: () => server.close(),
  };
}

/** A transport to a port nobody listens on: every request fails at network level. */
export function unreachableTransport() {
  return async (): Promise<never> => {
    await fetch('http://127.0.0.1:9/api/health');
    throw new Error('port 9 answered');
  };
}
