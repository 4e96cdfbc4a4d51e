// Admin review of volunteer applications, ADMIN only: GET /api/volunteer/applications and
// /pending, POST /api/volunteer/approve and /reject (replayable with an Idempotency-Key).
// Mail goes out only after the commit, and never again on a replay (the work did not run).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_APPLICATION_MESSAGES as M,
  ADMIN_APPLICATION_PATHS,
  applicationsReply,
  approveApplicationReply,
  decideApplicationRequest,
  pendingApplicationsReply,
  rejectApplicationReply,
  type ApplicationsReply,
  type DecideApplicationRequest,
  type ApproveApplicationReply,
  type PendingApplicationsReply,
  type RejectApplicationReply,
} from '#shared/contracts/admin-applications';
import { badRequest } from '../errors.ts';
import { runIdempotent } from '../idempotency/run-idempotent.ts';
import { documentedReplies } from '../plugins/zod-schemas.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { ADMIN_ONLY, adminIdOf } from '../http/admin-access.ts';
import { recordRead } from '../http/personal-data-reads.ts';
import { signedInWriteOf } from '../http/writes.ts';
import { sayTo } from '../i18n/say-to.ts';
import { endBoundSecureSessions } from '../admin-users/end-user-logins.ts';
import { listApplications, listPendingApplications } from './admin-applications.repository.ts';
import {
  approveApplication,
  rejectApplication,
  type Approval,
} from './admin-applications.service.ts';
import type { MailSite } from '../auth/code-mails.ts';
import type { Language } from '#shared/i18n/languages';
import { mailLanguage } from '../i18n/account-language.ts';
import { requestLanguage } from '../i18n/request-language.ts';
import {
  newVolunteerAccountMail,
  proveEmailToVolunteerMail,
  volunteerApprovedMail,
} from './approval-mail.ts';

function applicationIdOf(body: DecideApplicationRequest): number {
  const id = body.applicationId;
  if (id === undefined || id === null) throw badRequest(M.idMissing);
  return id;
}

/** The approval's mail, in the account's language, else the approving request's. */
function mailOf(site: MailSite, approval: Approval, request: Language): MailMessage {
  const language = mailLanguage(approval.language, request);
  const { email } = approval;
  if (approval.kind === 'created') return newVolunteerAccountMail(site, email, approval, language);
  if (approval.kind === 'unproven')
    return proveEmailToVolunteerMail(site, email, approval, language);
  return volunteerApprovedMail(site, email, approval.username, language);
}

/**
 * The reply's account fields (beyond-spec.md section 1: which case happened), its message in
 * the caller's language.
 */
function outcomeOf(
  request: FastifyRequest,
  approval: Approval,
): Omit<ApproveApplicationReply, 'status'> {
  const { userId, username } = approval;
  if (approval.kind === 'created') {
    return {
      message: sayTo(request, M.approvedCreated),
      userId,
      username,
      accountCreated: true,
      matchedAccount: null,
      promoted: true,
    };
  }
  const emailVerified = approval.kind === 'existing' && approval.emailVerified;
  return {
    message: sayTo(request, approval.kind === 'existing' ? M.approvedExisting : M.approvedUnproven),
    userId,
    username,
    accountCreated: false,
    matchedAccount: { username, emailVerified },
    promoted: approval.kind === 'existing',
  };
}

function recordApplicantPhones(
  request: FastifyRequest,
  applications: readonly { applicationId: number; phone: string }[],
): Promise<void> {
  const ids = applications.filter((a) => a.phone !== '').map((a) => a.applicationId);
  return recordRead(request, request.server.ctx.config.clock(), 'application', ids);
}

export async function adminApplicationRoutes(untyped: FastifyInstance): Promise<void> {
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  const { config, opened } = app.ctx;
  const db = opened.db;
  const adminOnly = { access: ADMIN_ONLY };
  const adminWrite = { access: ADMIN_ONLY, idempotent: true };

  const all = { response: { 200: applicationsReply } };
  // Both lists hold applicants' phones: each read is recorded before the reply leaves.
  app.get(ADMIN_APPLICATION_PATHS.all, { config: adminOnly, schema: all }, async (request) => {
    const body: ApplicationsReply = { status: 'success', data: await listApplications(db) };
    const { pending, approved, rejected } = body.data;
    await recordApplicantPhones(request, [...pending, ...approved, ...rejected]);
    return body;
  });

  const pending = { response: { 200: pendingApplicationsReply } };
  app.get(
    ADMIN_APPLICATION_PATHS.pending,
    { config: adminOnly, schema: pending },
    async (request) => {
      const body: PendingApplicationsReply = {
        status: 'success',
        data: await listPendingApplications(db),
      };
      await recordApplicantPhones(request, body.data);
      return body;
    },
  );

  const approve = {
    body: decideApplicationRequest,
    response: documentedReplies({ 200: approveApplicationReply }),
  };
  app.post(
    ADMIN_APPLICATION_PATHS.approve,
    { config: adminWrite, schema: approve },
    async (request, reply) => {
      const applicationId = applicationIdOf(request.body);
      let approval: Approval | undefined;
      const body = await runIdempotent(request, reply, db, async (trx) => {
        approval = await approveApplication(signedInWriteOf(request, trx), applicationId);
        const ok: ApproveApplicationReply = { status: 'success', ...outcomeOf(request, approval) };
        request.log.info(
          {
            event: 'admin.application-approved',
            adminId: adminIdOf(request),
            applicationId,
            userId: ok.userId,
            accountCreated: ok.accountCreated,
            promoted: ok.promoted,
          },
          'volunteer application approved',
        );
        return { statusCode: 200, body: ok };
      });
      if (approval !== undefined) {
        if (approval.kind === 'existing') await endBoundSecureSessions(db, approval.endedLogins);
        app.mailer.sendInBackground(mailOf(config, approval, requestLanguage(request)));
      }
      return body;
    },
  );

  const reject = {
    body: decideApplicationRequest,
    response: documentedReplies({ 200: rejectApplicationReply }),
  };
  app.post(
    ADMIN_APPLICATION_PATHS.reject,
    { config: adminWrite, schema: reject },
    async (request, reply) => {
      const applicationId = applicationIdOf(request.body);
      return runIdempotent(request, reply, db, async (trx) => {
        await rejectApplication(signedInWriteOf(request, trx), applicationId);
        request.log.info(
          { event: 'admin.application-rejected', adminId: adminIdOf(request), applicationId },
          'volunteer application rejected',
        );
        const message = sayTo(request, M.rejected);
        const ok: RejectApplicationReply = { status: 'success', message };
        return { statusCode: 200, body: ok };
      });
    },
  );
}
