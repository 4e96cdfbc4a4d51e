// DELETE /api/admin/user/delete and PUT /api/admin/user/reset-password/{userId}: both end every
// login of the user they touch. Replayable with an Idempotency-Key; logged without passwords.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_USER_MESSAGES as M,
  ADMIN_USER_PATHS,
  deleteUserRequest,
  adminMessageReply,
  resetUserPasswordRequest,
  type AdminMessageReply,
} from '#shared/contracts/admin-users';
import { PASSWORD_MESSAGES, REGISTRATION_PASSWORD_PATTERN } from '#shared/rules/passwords';
import { badRequest } from '../errors.ts';
import { runIdempotent } from '../idempotency/run-idempotent.ts';
import { idParams } from '#shared/contracts/ids';
import { documentedReplies } from '../plugins/zod-schemas.ts';
import { clearLoginCookie } from '../auth/auth-cookie.ts';
import { refuseCommonPassword } from '../auth/common-passwords.ts';
import { hashPassword } from '../auth/passwords.ts';
import { ADMIN_ONLY, adminIdOf } from '../http/admin-access.ts';
import { signedInWriteOf } from '../http/writes.ts';
import { sayTo } from '../i18n/say-to.ts';
import type { Message } from '#shared/i18n/messages';
import { deleteAccount, resetAccountPassword } from './admin-users.service.ts';
import { endBoundSecureSessions } from './end-user-logins.ts';

const ok = (request: FastifyRequest, text: Message): AdminMessageReply => ({
  status: 'success',
  message: sayTo(request, text),
});

export function registerAccountActionRoutes(untyped: FastifyInstance): void {
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  const response = documentedReplies({ 200: adminMessageReply });
  const { config, opened } = app.ctx;
  const db = opened.db;

  app.delete(
    ADMIN_USER_PATHS.delete,
    {
      config: { idempotent: true, access: ADMIN_ONLY },
      schema: { body: deleteUserRequest, response },
    },
    async (request, reply) => {
      const input = request.body;
      const username = input.username?.trim() ?? '';
      if (username === '') throw badRequest(M.usernameMissing);
      const ended: string[] = [];
      const body = await runIdempotent(request, reply, db, async (trx) => {
        const done = await deleteAccount(signedInWriteOf(request, trx), username);
        ended.push(...done.endedLogins);
        request.log.info(
          {
            event: 'admin.user-deleted',
            adminId: adminIdOf(request),
            userId: done.userId,
            role: done.role,
          },
          'user deleted',
        );
        return { statusCode: 200, body: ok(request, M.deleted) };
      });
      await endBoundSecureSessions(db, ended);
      return body;
    },
  );

  app.put(
    ADMIN_USER_PATHS.resetPassword,
    {
      config: { idempotent: true, access: ADMIN_ONLY, userIdIsTarget: true },
      schema: { params: idParams('userId'), body: resetUserPasswordRequest, response },
    },
    async (request, reply) => {
      const { userId } = request.params;
      const input = request.body;
      const newPassword = input.newPassword ?? '';
      if (!REGISTRATION_PASSWORD_PATTERN.test(newPassword))
        throw badRequest(PASSWORD_MESSAGES.registrationPassword);
      refuseCommonPassword(newPassword);
      const passwordHash = await hashPassword(newPassword);
      const ended: string[] = [];
      const body = await runIdempotent(request, reply, db, async (trx) => {
        const done = await resetAccountPassword(
          signedInWriteOf(request, trx),
          userId,
          passwordHash,
        );
        ended.push(...done.endedLogins);
        request.log.info(
          { event: 'admin.password-reset', adminId: adminIdOf(request), userId },
          'password reset by an admin',
        );
        return { statusCode: 200, body: ok(request, M.passwordReset) };
      });
      await endBoundSecureSessions(db, ended);
      // An admin resetting their own password ended their own login too.
      if (ended.length > 0 && userId === adminIdOf(request)) clearLoginCookie(reply, config);
      return body;
    },
  );
}
