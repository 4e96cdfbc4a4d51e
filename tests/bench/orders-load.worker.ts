// The load generator of orders.bench.ts, in a child process so that it shares neither the
// server's event loop nor its CPU account (the bench reports the server's CPU per order). Each of the connections places orders for its own pool of signed-in clients, in turn (a client may have only 3 open orders,
// shared/rules/order-limits.ts): every request gets a fresh Idempotency-Key and, when the job says so, a body sealed for that
// client's secure session (AES-256-GCM, base64(IV || ciphertext || tag), a fresh IV each time).
import { createCipheriv, randomBytes, randomUUID } from 'node:crypto';
import autocannon from 'autocannon';

export interface LoadAccount {
  userId: number;
  cookie: string;
}

export interface LoadIdentity {
  /** The clients this connection orders for, in turn. */
  accounts: LoadAccount[];
  /** null: plain JSON bodies. An unbound secure session: any of the accounts may use it. */
  secure: { sessionId: string; keyBase64: string } | null;
}

export interface LoadJob {
  url: string;
  connections: number;
  durationS: number;
  identities: LoadIdentity[];
  items: { itemName: string; quantity: number }[];
}

export interface LoadResult {
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  perSecond: number;
  p50: number;
  p99: number;
  statusCodes: Record<string, number>;
  /** The generator's own CPU time (ms) over the run: it shares the machine with the server. */
  cpuMs: number;
}

function seal(key: Buffer, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return Buffer.concat([iv, sealed]).toString('base64');
}

function requestFor(
  job: LoadJob,
  identity: LoadIdentity,
  account: LoadAccount,
  key: Buffer | null,
) {
  const body = JSON.stringify({
    authenticated: true,
    userId: account.userId,
    userRole: 'CLIENT',
    deliveryAddress: '12 Main St, under the bridge',
    phoneNumber: '5551234567',
    notes: 'Benchmark order',
    items: job.items,
  });
  const headers: Record<string, string> = {
    cookie: account.cookie,
    'idempotency-key': randomUUID(),
  };
  if (identity.secure === null || key === null) {
    headers['content-type'] = 'application/json';
    return { headers, body };
  }
  headers['content-type'] = 'text/plain;charset=UTF-8';
  headers['x-session-id'] = identity.secure.sessionId;
  return { headers, body: seal(key, body) };
}

async function run(job: LoadJob): Promise<LoadResult> {
  const keys = job.identities.map((i) =>
    i.secure === null ? null : Buffer.from(i.secure.keyBase64, 'base64'),
  );
  let nextConnection = 0;
  const sentBy: number[] = [];
  const options: autocannon.Options = {
    url: job.url,
    connections: job.connections,
    duration: job.durationS,
    method: 'POST',
    requests: [
      {
        method: 'POST',
        setupRequest: (request, context) => {
          const ctx = context as { who?: number };
          ctx.who ??= nextConnection++ % job.identities.length;
          // Per identity, not in the context: autocannon may hand each request a fresh one.
          const sent = (sentBy[ctx.who] = (sentBy[ctx.who] ?? 0) + 1);
          const identity = job.identities[ctx.who];
          const account = identity?.accounts[sent % identity.accounts.length];
          if (identity === undefined || account === undefined) throw new Error('no identity');
          return { ...request, ...requestFor(job, identity, account, keys[ctx.who] ?? null) };
        },
      },
    ],
  };
  const cpuBefore = process.cpuUsage();
  const result = await autocannon(options);
  const cpu = process.cpuUsage(cpuBefore);
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) {
    statusCodes[code] = stat.count ?? 0;
  }
  return {
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    perSecond: result['2xx'] / job.durationS,
    p50: result.latency.p50,
    p99: result.latency.p99,
    statusCodes,
    cpuMs: (cpu.user + cpu.system) / 1000,
  };
}

// Forked by orders.bench.ts: one job in, one result (or error) out, then exit.
const send = process.send?.bind(process);
if (send !== undefined) {
  process.once('message', (job: LoadJob) => {
    run(job).then(
      (result) => send({ result }, () => process.exit(0)),
      (err: unknown) => send({ error: String(err) }, () => process.exit(1)),
    );
  });
}
