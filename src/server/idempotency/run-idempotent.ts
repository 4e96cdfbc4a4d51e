// runIdempotent: the one mechanism for replayable writes (wire-protocol.md "Writes that may be
// replayed"). State: the idempotency_keys table, one row per (caller scope, key), written in
// the SAME transaction as the write it guards, so a key exists exactly when its write does.
//
// - No Idempotency-Key header: the work simply runs in a transaction.
// - A key seen before with the same method, path and body: the stored reply (status and body)
//   is sent again and nothing changes. With anything else: 422 IDEMPOTENCY_KEY_REUSED.
// - Concurrent duplicates: SQLite write transactions are IMMEDIATE (serialised), so the second
//   sees the first's row. On PostgreSQL the key row is inserted first (ON CONFLICT DO NOTHING),
//   so the second transaction waits on the first's uncommitted row and then replays its reply.
// - Domain refusals (400, 403, 404, 409 AppErrors thrown by the work) are stored too: the work's
//   writes are rolled back to a savepoint and the refusal is kept, so a replay gets the same
//   verdict even if the world changed since. Anything else (401, 429, 5xx, crashes) stores
//   nothing: the whole transaction rolls back and a retry runs the work afresh.
// - `oneStatement` (PostgreSQL orders): a write that can store its key and reply in the same
//   single statement tries that first; when it answers nothing, the path above runs as is.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ControlledTransaction, Transaction } from 'kysely';
import type { Db } from '../db/kysely.ts';
import type { Database } from '../db/schema.ts';
import { AppError, conflict, envelopeOf, type ErrorCode } from '../errors.ts';
import { claimKey, findKey, saveReply, type KeyClaim } from './idempotency.repository.ts';

export type { KeyClaim };
import { idempotencyKeyOf, idempotencyScopeOf, requestHashOf } from './idempotency-key.ts';
import { message } from '#shared/i18n/messages';
import type { Language } from '#shared/i18n/languages';
import { requestLanguage } from '../i18n/request-language.ts';

export interface WriteReply {
  statusCode: number;
  body: object;
}
export type WriteWork = (trx: Transaction<Database>) => Promise<WriteReply>;

/** Set on a reply that was replayed from a stored key. */
export const REPLAYED_HEADER = 'idempotent-replayed';

const STORED_REFUSALS: ReadonlySet<ErrorCode> = new Set([
  'BAD_REQUEST',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
]);

type Outcome =
  | { kind: 'done'; reply: WriteReply }
  | { kind: 'replayed'; reply: WriteReply }
  | { kind: 'refused'; error: AppError };

function replayOf(stored: Awaited<ReturnType<typeof findKey>>, claim: KeyClaim): Outcome {
  // A placeholder is only visible before its transaction commits, which we never see.
  if (stored === undefined || stored.statusCode === 0) {
    throw conflict(message('server.errors.requestInProgress'));
  }
  const same =
    stored.method === claim.method &&
    stored.path === claim.path &&
    stored.requestHash === claim.requestHash;
  if (!same) {
    throw new AppError('IDEMPOTENCY_KEY_REUSED', message('server.errors.idempotencyKeyReused'));
  }
  const body = JSON.parse(stored.replyJson) as object;
  return { kind: 'replayed', reply: { statusCode: stored.statusCode, body } };
}

export interface IdempotentOptions {
  /**
   * The copy of a success body kept for replays, when it must differ from the one sent: a
   * body holding a secret (a generated password) is kept without it.
   */
  stored?: (body: object) => object;
  /**
   * A faster way to the same result (PostgreSQL's order, issue 18): the whole write with the
   * key's row and its reply in one statement. Given the key (null without an Idempotency-Key)
   * and the time to store it with, it answers the reply it stored and sent, or undefined
   * having changed nothing; the general path then runs and gives the verdict (a replay, a
   * refusal) as always.
   */
  oneStatement?: (claim: KeyClaim | null, now: Date) => Promise<WriteReply | undefined>;
}

async function runClaimed(
  trx: ControlledTransaction<Database>,
  claim: KeyClaim,
  work: WriteWork,
  options: IdempotentOptions & { now: Date; language: Language },
): Promise<Outcome> {
  if (!(await claimKey(trx, claim, options.now))) {
    return replayOf(await findKey(trx, claim.scope, claim.key), claim);
  }
  const inWork = await trx.savepoint('work').execute();
  try {
    const reply = await work(inWork);
    const kept =
      options.stored === undefined ? reply : { ...reply, body: options.stored(reply.body) };
    await saveReply(trx, claim.scope, claim.key, kept);
    return { kind: 'done', reply };
  } catch (err) {
    if (!(err instanceof AppError) || !STORED_REFUSALS.has(err.code)) throw err;
    await inWork.rollbackToSavepoint('work').execute();
    // Kept as the caller was told it: a resent copy reads the same words.
    const body = envelopeOf(err, options.language);
    await saveReply(trx, claim.scope, claim.key, { statusCode: err.statusCode, body });
    return { kind: 'refused', error: err };
  }
}

function claimOf(request: FastifyRequest, key: string): KeyClaim {
  return {
    scope: idempotencyScopeOf(request),
    key,
    method: request.method,
    path: request.url,
    requestHash: requestHashOf(request),
  };
}

async function runKeyed(
  request: FastifyRequest,
  db: Db,
  key: string,
  work: WriteWork,
  options: IdempotentOptions,
): Promise<Outcome> {
  const claim = claimOf(request, key);
  const trx = await db.startTransaction().execute();
  let outcome: Outcome;
  try {
    // The key's age is judged by the server's clock, the one pruning reads.
    const now = request.server.ctx.config.clock();
    outcome = await runClaimed(trx, claim, work, {
      ...options,
      now,
      language: requestLanguage(request),
    });
  } catch (err) {
    await trx
      .rollback()
      .execute()
      .catch((rollbackErr: unknown) => request.log.error({ err: rollbackErr }, 'rollback failed'));
    throw err;
  }
  await trx.commit().execute();
  return outcome;
}

/**
 * Runs a write in one transaction, guarded by the request's Idempotency-Key when it has one.
 * Sets the reply's status and returns the body to send (a handler returns it as is).
 */
export async function runIdempotent(
  request: FastifyRequest,
  reply: FastifyReply,
  db: Db,
  work: WriteWork,
  options: IdempotentOptions = {},
): Promise<object> {
  // The secure channel lets a resent sealed write through to here on this flag alone.
  if (request.routeOptions.config.idempotent !== true) {
    throw new Error(`route ${request.routeOptions.url ?? ''}: runIdempotent needs idempotent`);
  }
  const key = idempotencyKeyOf(request);
  if (options.oneStatement !== undefined) {
    const claim = key === undefined ? null : claimOf(request, key);
    const done = await options.oneStatement(claim, request.server.ctx.config.clock());
    if (done !== undefined) {
      reply.code(done.statusCode);
      return done.body;
    }
  }
  if (key === undefined) {
    const done = await db.transaction().execute(work);
    reply.code(done.statusCode);
    return done.body;
  }
  const outcome = await runKeyed(request, db, key, work, options);
  switch (outcome.kind) {
    case 'refused':
      throw outcome.error;
    case 'replayed':
      request.log.info({ statusCode: outcome.reply.statusCode }, 'idempotent replay');
      reply.header(REPLAYED_HEADER, 'true');
      reply.code(outcome.reply.statusCode);
      return outcome.reply.body;
    case 'done':
      reply.code(outcome.reply.statusCode);
      return outcome.reply.body;
  }
}
