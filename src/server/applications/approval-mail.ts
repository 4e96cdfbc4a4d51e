// The mails an approval sends (after the commit). Codes come from the mailed-code mechanism
// and are used on the password recovery page's second step; each mail walks the applicant
// through that page with its own texts (auth/code-mails.ts), the link carrying the email but
// never the code (issue 14 item 6).
import { recoverySteps, type MailSite } from '../auth/code-mails.ts';
import type { MailMessage } from '../mail/mailer.ts';

const SUBJECT = 'your volunteer application was approved';
const VALIDITY = [
  'The code is valid for 15 minutes and works once. If it has expired, press',
  '"Send Recovery Code" on the same page for a new one (use this email).',
];

/** Every approval mail: the same subject, its own lines. */
function approvalMail(site: MailSite, to: string, lines: readonly string[]): MailMessage {
  return { to, subject: `${site.siteTitle}: ${SUBJECT}`, text: lines.join('\n') };
}

/** How a mail with a code ends: the recovery page's steps and how long the code works. */
function codeSteps(site: MailSite, to: string): string[] {
  return [...recoverySteps(site, to), '', ...VALIDITY];
}

export function newVolunteerAccountMail(
  site: MailSite,
  to: string,
  account: { username: string; code: string },
): MailMessage {
  return approvalMail(site, to, [
    'Welcome! Your volunteer application was approved and an account was',
    'made for you.',
    '',
    `Your username is ${account.username}.`,
    `Your recovery code is ${account.code}.`,
    '',
    'Set your password with it, then log in.',
    ...codeSteps(site, to),
  ]);
}

/** An account had this email but never proved it: it becomes a volunteer once it does. */
export function proveEmailToVolunteerMail(
  site: MailSite,
  to: string,
  account: { username: string; code: string },
): MailMessage {
  return approvalMail(site, to, [
    'Your volunteer application was approved.',
    '',
    `An account with this email already exists (username ${account.username}), but`,
    'this email was never verified on it, so it is not a volunteer account yet.',
    `Your recovery code is ${account.code}.`,
    '',
    'To make it your volunteer account, set its password with this code. When you',
    'press "Reset Password", the account becomes a volunteer account, the email is',
    'verified, and every other sign-in to the account ends.',
    ...codeSteps(site, to),
  ]);
}

export function volunteerApprovedMail(site: MailSite, to: string, username: string): MailMessage {
  return approvalMail(site, to, [
    'Your volunteer application was approved.',
    '',
    `Your account ${username} is now a volunteer account.`,
    'Log in again to see your rounds.',
  ]);
}
