// The admin's user forms: POST /api/admin/user/create, PUT /api/admin/user/update/{userId} and
// PUT /api/admin/volunteer/subrole. Replayable with an Idempotency-Key; a replayed create
// returns the first reply, generated password included, without making a second user.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_USER_MESSAGES as M,
  ADMIN_USER_PATHS,
  adminMessageReply,
  createUserReply,
  updateUserReply,
  subroleRequest,
  userFieldsRequest,
  volunteerSubRoleSchema,
  type AdminMessageReply,
  type CreateUserReply,
  type UpdateUserReply,
} from '#shared/contracts/admin-users';
import { badRequest } from '../errors.ts';
import { verifyCodeMail } from '../auth/code-mails.ts';
import { mailLanguage } from '../i18n/account-language.ts';
import { requestLanguage } from '../i18n/request-language.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { runIdempotent } from '../idempotency/run-idempotent.ts';
import { idParams } from '#shared/contracts/ids';
import { documentedReplies } from '../plugins/zod-schemas.ts';
import { generatePassword, hashPassword } from '../auth/passwords.ts';
import { cleanUserFields } from './admin-user-input.ts';
import { ADMIN_ONLY, adminIdOf } from '../http/admin-access.ts';
import { signedInWriteOf } from '../http/writes.ts';
import { sayTo } from '../i18n/say-to.ts';
import { adminUserOf } from './admin-users.repository.ts';
import { createAccount, setVolunteerSubrole, updateAccount } from './admin-users.service.ts';
import { endBoundSecureSessions } from './end-user-logins.ts';

function subroleOf(value: string | null | undefined) {
  const parsed = volunteerSubRoleSchema.safeParse(value?.trim().toUpperCase());
  if (!parsed.success) throw badRequest(M.subrole);
  return parsed.data;
}

export function registerUserFormRoutes(untyped: FastifyInstance): void {
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  const db = app.ctx.opened.db;

  const create = { body: userFieldsRequest, response: documentedReplies({ 201: createUserReply }) };
  app.post(
    ADMIN_USER_PATHS.create,
    { config: { idempotent: true, access: ADMIN_ONLY }, schema: create },
    async (request, reply) => {
      const fields = cleanUserFields(request.body, {
        allowAdmin: false,
      });
      const generatedPassword = generatePassword();
      const passwordHash = await hashPassword(generatedPassword);
      // The password goes out once, in this reply; the copy kept for a replay goes without it.
      const withoutPassword = (body: object) => ({
        ...body,
        message: sayTo(request, M.createdPasswordNotKept),
        generatedPassword: '',
      });
      return runIdempotent(
        request,
        reply,
        db,
        async (trx) => {
          const userId = await createAccount(signedInWriteOf(request, trx), fields, passwordHash);
          request.log.info(
            { event: 'admin.user-created', adminId: adminIdOf(request), userId, role: fields.role },
            'user created by an admin',
          );
          const body: CreateUserReply = {
            status: 'success',
            message: sayTo(request, M.created),
            userId,
            username: fields.username,
            generatedPassword,
          };
          return { statusCode: 201, body };
        },
        { stored: withoutPassword },
      );
    },
  );

  app.put(
    ADMIN_USER_PATHS.update,
    // The spec's client may send the edited user's fields, userId included.
    {
      config: { idempotent: true, access: ADMIN_ONLY, userIdIsTarget: true },
      schema: {
        params: idParams('userId'),
        body: userFieldsRequest,
        response: documentedReplies({ 200: updateUserReply }),
      },
    },
    async (request, reply) => {
      const { userId } = request.params;
      const fields = cleanUserFields(request.body, {
        allowAdmin: true,
      });
      const ended: string[] = [];
      const outbox: MailMessage[] = [];
      const body = await runIdempotent(request, reply, db, async (trx) => {
        const done = await updateAccount(signedInWriteOf(request, trx), userId, fields);
        ended.push(...done.endedLogins);
        if (done.emailCode !== null) {
          const { to, code } = done.emailCode;
          const language = mailLanguage(done.user.language, requestLanguage(request));
          outbox.push(verifyCodeMail(app.ctx.config, to, code, language));
        }
        const adminId = adminIdOf(request);
        request.log.info({ event: 'admin.user-updated', adminId, userId }, 'user updated');
        if (done.roleChanged) {
          const change = { from: done.previousRole, to: done.user.role };
          request.log.info(
            { event: 'admin.role-changed', adminId, userId, ...change },
            'role changed',
          );
        }
        const ok: UpdateUserReply = {
          status: 'success',
          message: sayTo(request, M.updated),
          user: adminUserOf(done.user),
        };
        return { statusCode: 200, body: ok };
      });
      await endBoundSecureSessions(db, ended);
      for (const mail of outbox) app.mailer.sendInBackground(mail);
      return body;
    },
  );

  app.put(
    ADMIN_USER_PATHS.subrole,
    // userId here names the volunteer whose subrole changes, not the caller.
    {
      config: { idempotent: true, access: ADMIN_ONLY, userIdIsTarget: true },
      schema: { body: subroleRequest, response: documentedReplies({ 200: adminMessageReply }) },
    },
    async (request, reply) => {
      const input = request.body;
      const userId = input.userId;
      if (userId === undefined || userId === null) throw badRequest(M.userIdMissing);
      const subrole = subroleOf(input.volunteerSubRole);
      const notes = input.notes?.trim() ?? '';
      return runIdempotent(request, reply, db, async (trx) => {
        const w = signedInWriteOf(request, trx);
        await setVolunteerSubrole(w, userId, subrole, notes === '' ? null : notes);
        request.log.info(
          { event: 'admin.subrole-changed', adminId: w.actor.userId, userId, subrole },
          'volunteer subrole changed',
        );
        const message = sayTo(request, M.subroleUpdated);
        const body: AdminMessageReply = { status: 'success', message };
        return { statusCode: 200, body };
      });
    },
  );
}
