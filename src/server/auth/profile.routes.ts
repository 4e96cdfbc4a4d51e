// PUT /api/auth/update/username|email|password|phone|language: the signed-in user's own profile (the
// access plugin refuses a userId naming anyone else). Email, password and phone need the
// current password; wrong ones count as sign-in failures, so this is no way around the login
// throttle. Replayable with an Idempotency-Key: every check that depends on the account as it
// is now ("different from the current one", the current password) runs inside the guarded
// work, so a replay after the change returns the first reply instead of a fresh refusal.
// An email change leaves the new email unproven and mails it a code (beyond-spec.md "Email
// ownership"), after the commit and never again on a replay.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z, ZodType } from 'zod';
import {
  AUTH_PATHS,
  updateEmailRequest,
  updatePasswordRequest,
  updateLanguageRequest,
  updatePhoneRequest,
  updateUsernameRequest,
  profileUpdateReply,
  type ProfileUpdateReply,
} from '#shared/contracts/auth';
import {
  validateProfileEmail,
  validateProfilePassword,
  validateProfilePhone,
  validateProfileUsername,
} from '#shared/rules/profile';
import { isLanguage } from '#shared/i18n/languages';
import { message, type MessageId } from '#shared/i18n/messages';
import type { UserRow } from '../db/schema.ts';
import { badRequest, notFound, type RefusalText } from '../errors.ts';
import { languageOrNull } from '../i18n/account-language.ts';
import { requestLanguage } from '../i18n/request-language.ts';
import { translate } from '../i18n/translator.ts';
import { perClientAddress } from '../http/rate-limits.ts';
import { writeOf } from '../http/writes.ts';
import { callerOf } from '../plugins/access.ts';
import { documentedReplies } from '../plugins/zod-schemas.ts';
import { endSecureSessionsOfLogin } from '../security/secure-sessions.repository.ts';
import type { Reservation } from './login-throttle.ts';
import type { SignInGuard } from './sign-in-guard.ts';
import { queueVerifyCode, runIdempotentMailing } from './mail-after-commit.ts';
import { mailLanguage } from '../i18n/account-language.ts';
import { refuseCommonPassword } from './common-passwords.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { changePassword, changeProfile } from './profile.service.ts';
import { emailVerifiedOf, findUserById, keyOf, type ProfileChange } from './users.repository.ts';

/** Profile updates per client address and minute (times config.rateLimitScale). */
export const PROFILE_RATE_LIMIT = 30;
const WRONG_CURRENT_PASSWORD = message('server.profile.wrongCurrentPassword');
/** The refusal's English (the spec's text), for tests. */
export const WRONG_CURRENT_PASSWORD_MESSAGE = translate('en', WRONG_CURRENT_PASSWORD.id);

interface UpdatePlan {
  /** The spec's check against the account as it is now; a message refuses. */
  validate(row: UserRow): RefusalText | null;
  /** The current password the caller typed, when the field needs one. */
  currentPassword?: string;
  change: ProfileChange;
  /** The success message, worded in the caller's language. */
  done: MessageId;
}

function replyBodyOf(user: UserRow, text: string): ProfileUpdateReply {
  return {
    status: 'success',
    message: text,
    userId: user.id,
    username: user.username,
    email: user.email,
    phone: user.phone,
    emailVerified: emailVerifiedOf(user),
    language: languageOrNull(user.language),
  };
}

export function registerProfileRoutes(untyped: FastifyInstance, guard: SignInGuard): void {
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  const { config, opened } = app.ctx;
  const db = opened.db;
  const routeConfig = {
    access: 'signedIn' as const,
    idempotent: true,
    rateLimit: perClientAddress(config, PROFILE_RATE_LIMIT, 'minute'),
  };
  const response = documentedReplies({ 200: profileUpdateReply });

  /** Runs the plan in one guarded transaction; returns the reply body. */
  async function update(request: FastifyRequest, reply: FastifyReply, plan: UpdatePlan) {
    const user = callerOf(request);
    // A current password is a sign-in try for this account from this browser and address.
    const attempt: Reservation | undefined =
      plan.currentPassword === undefined
        ? undefined
        : await guard.begin(request, reply, user.userId, keyOf(user.username));
    let wrongPassword = false;
    const ended: string[] = [];
    const run = runIdempotentMailing(app, request, reply, async (trx, outbox) => {
      const row = await findUserById(trx, user.userId);
      if (row === undefined) throw notFound(message('server.profile.accountGone'));
      const invalid = plan.validate(row);
      if (invalid !== null) throw badRequest(invalid);
      const password = plan.currentPassword;
      if (password !== undefined && !(await verifyPassword(row.password_hash, password))) {
        wrongPassword = true;
        request.log.warn({ event: 'profile.wrong-password', userId: row.id }, 'wrong password');
        throw badRequest(WRONG_CURRENT_PASSWORD);
      }
      const w = writeOf(request, trx);
      let updated: UserRow;
      if ('passwordHash' in plan.change) {
        const keepId = request.loginSessionId ?? '';
        const result = await changePassword(w, row.id, plan.change.passwordHash, keepId);
        ended.push(...result.endedSessionIds);
        updated = result.user;
      } else {
        updated = await changeProfile(w, row.id, plan.change);
      }
      if ('email' in plan.change && updated.email !== null) {
        const language = mailLanguage(updated.language, requestLanguage(request));
        const to = { id: updated.id, email: updated.email, language };
        await queueVerifyCode(w, config, to, outbox);
      }
      const field = Object.keys(plan.change)[0];
      request.log.info({ event: 'profile.updated', field, userId: row.id }, 'profile updated');
      const done = translate(requestLanguage(request), plan.done);
      return { statusCode: 200, body: replyBodyOf(updated, done) };
    });
    // Only a wrong current password stays counted; any other outcome gives the try back.
    const body = await run.finally(() =>
      wrongPassword ? undefined : attempt?.release(Date.now()),
    );
    // After the commit: the secure sessions bound to logins a password change ended.
    for (const id of ended) await endSecureSessionsOfLogin(db, id);
    return body;
  }

  /** One PUT per field: its body schema, and the plan its parsed body makes. */
  function putField<Body extends ZodType>(
    path: string,
    body: Body,
    planOf: (input: z.output<Body>) => UpdatePlan | Promise<UpdatePlan>,
  ): void {
    app.put(path, { config: routeConfig, schema: { body, response } }, async (request, reply) => {
      // The schema parsed the body; the type provider cannot name a generic schema's output.
      const input = request.body as z.output<Body>;
      return update(request, reply, await planOf(input));
    });
  }

  putField(AUTH_PATHS.updateUsername, updateUsernameRequest, (input) => {
    const newUsername = input.newUsername ?? '';
    return {
      validate: (row) => validateProfileUsername({ newUsername, currentUsername: row.username }),
      change: { username: newUsername },
      done: 'server.profile.usernameUpdated',
    };
  });
  putField(AUTH_PATHS.updateEmail, updateEmailRequest, (input) => ({
    validate: (row) => validateProfileEmail({ ...input, currentEmail: row.email }),
    currentPassword: input.currentPassword ?? '',
    change: { email: (input.newEmail ?? '').trim() },
    done: 'server.profile.emailUpdated',
  }));
  putField(AUTH_PATHS.updatePhone, updatePhoneRequest, (input) => ({
    validate: (row) => validateProfilePhone({ ...input, currentPhone: row.phone }),
    currentPassword: input.currentPassword ?? '',
    change: { phone: (input.newPhone ?? '').trim() },
    done: 'server.profile.phoneUpdated',
  }));
  putField(AUTH_PATHS.updatePassword, updatePasswordRequest, async (input) => {
    // Format first (no state involved), so a bad password is not hashed for nothing.
    const invalid = validateProfilePassword(input);
    if (invalid !== null) throw badRequest(invalid);
    refuseCommonPassword(input.newPassword ?? '');
    return {
      validate: () => null,
      currentPassword: input.currentPassword ?? '',
      change: { passwordHash: await hashPassword(input.newPassword ?? '') },
      done: 'server.profile.passwordUpdated',
    };
  });
  // The header's language menu, kept on the account so mail and push use it (beyond-spec.md
  // section 4). Choosing the language the account already has is a success, not a refusal.
  putField(AUTH_PATHS.updateLanguage, updateLanguageRequest, (input) => {
    const language = input.language;
    if (!isLanguage(language)) throw badRequest(message('server.profile.languageUnknown'));
    return { validate: () => null, change: { language }, done: 'server.profile.languageUpdated' };
  });
}
