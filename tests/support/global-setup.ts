// Decides once per run whether the PostgreSQL half of the API tests runs: when
// 127.0.0.1:5432 answers. Under CI=true a missing PostgreSQL fails the run instead of
// silently testing one dialect.
import net from 'node:net';
import type { TestProject } from 'vitest/node';

export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

function portAnswers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1500 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

export default async function setup(project: TestProject): Promise<void> {
  const url = new URL(PG_ADMIN_URL);
  const up = await portAnswers(url.hostname, Number(url.port || 5432));
  if (!up && process.env.CI === 'true') {
    throw new Error(
      `CI=true but PostgreSQL does not answer at ${url.host}: the PostgreSQL tests cannot run`,
    );
  }
  project.provide('postgresUrl', up ? PG_ADMIN_URL : '');
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}
