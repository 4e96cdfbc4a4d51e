// The mails an approval sends (after the commit). Codes come from the mailed-code mechanism
// and are used on the password recovery page's second step; each mail walks the applicant
// through that page with its own texts (auth/code-mails.ts), the link carrying the email but
// never the code (issue 14 item 6). Worded in the recipient's language (issue 21).
import type { Language } from '#shared/i18n/languages';
import {
  mailSay,
  recoverySteps,
  RESET_PASSWORD_BUTTON,
  SEND_RECOVERY_CODE,
  wordedMail,
  type MailSay,
  type MailSite,
} from '../auth/code-mails.ts';
import type { MailMessage } from '../mail/mailer.ts';

/** Every approval mail: the same subject, its own lines. */
function approvalMail(
  site: MailSite,
  to: string,
  language: Language,
  lines: (say: MailSay) => string[],
): MailMessage {
  const say = mailSay(language);
  const subject = say('server.mail.approval.subject', { site: site.siteTitle });
  return wordedMail(language, to, subject, lines(say));
}

/** How a mail with a code ends: the recovery page's steps and how long the code works. */
function codeSteps(site: MailSite, to: string, say: MailSay): string[] {
  return [
    ...recoverySteps(site, to, say),
    '',
    say('server.mail.approval.validity', { sendCode: SEND_RECOVERY_CODE }),
  ];
}

export function newVolunteerAccountMail(
  site: MailSite,
  to: string,
  account: { username: string; code: string },
  language: Language,
): MailMessage {
  return approvalMail(site, to, language, (say) => [
    say('server.mail.approval.welcome'),
    '',
    say('server.mail.approval.username', { username: account.username }),
    say('server.mail.code.recovery', { code: account.code }),
    '',
    say('server.mail.approval.setPassword'),
    ...codeSteps(site, to, say),
  ]);
}

/** An account had this email but never proved it: it becomes a volunteer once it does. */
export function proveEmailToVolunteerMail(
  site: MailSite,
  to: string,
  account: { username: string; code: string },
  language: Language,
): MailMessage {
  return approvalMail(site, to, language, (say) => [
    say('server.mail.approval.approved'),
    '',
    say('server.mail.approval.unproven', { username: account.username }),
    say('server.mail.code.recovery', { code: account.code }),
    '',
    say('server.mail.approval.unprovenSteps', { submit: RESET_PASSWORD_BUTTON }),
    ...codeSteps(site, to, say),
  ]);
}

export function volunteerApprovedMail(
  site: MailSite,
  to: string,
  username: string,
  language: Language,
): MailMessage {
  return approvalMail(site, to, language, (say) => [
    say('server.mail.approval.approved'),
    '',
    say('server.mail.approval.promoted', { username }),
    say('server.mail.approval.logInAgain'),
  ]);
}
