// The mails that carry a code. Each says exactly which screen and which button to use, with
// the screen's own texts (product-spec.md "Password recovery", reset-password-page.tsx,
// profile page): a new volunteer who follows the mail step by step must get in (issue 14
// item 6). Links carry the email, never the code: a link is kept in histories and logs, and
// anyone who has it could use the code. Worded in the recipient's language (issue 21): the
// screens' texts are the client catalogue's own messages, so the mail quotes the buttons the
// person sees in that language; a text part and an HTML part (mail/mail-body.ts).
import type { Language } from '#shared/i18n/languages';
import { message, type MessageId, type MessageValues } from '#shared/i18n/messages';
import { translate } from '../i18n/translator.ts';
import { mailBody } from '../mail/mail-body.ts';
import type { MailMessage } from '../mail/mailer.ts';

export interface MailSite {
  siteTitle: string;
  /** PUBLIC_URL, no trailing slash. */
  publicUrl: string;
}

/** Words one message in the mail's language. */
export type MailSay = (id: MessageId, values?: MessageValues) => string;

export function mailSay(language: Language): MailSay {
  return (id, values) => translate(language, id, values);
}

/** The password recovery page, the email filled in. */
export function recoveryPageLink(publicUrl: string, email: string): string {
  return `${publicUrl}/reset_password?email=${encodeURIComponent(email)}`;
}

/** The recovery page's own texts (account catalogue), quoted by the steps. */
const RESET_SCREEN = {
  requestTitle: message('account.reset.requestTitle'),
  haveCode: message('account.reset.haveCode'),
  sendCode: message('account.reset.sendCode'),
  verifyTitle: message('account.reset.verifyTitle'),
  otp: message('account.fields.otp'),
  newPassword: message('account.fields.newPassword'),
  submit: message('account.reset.submit'),
};

/** The steps on /reset_password for a code the person already has. */
export function recoverySteps(site: MailSite, email: string, say: MailSay): string[] {
  const s = RESET_SCREEN;
  return [
    say('server.mail.steps.title'),
    say('server.mail.steps.open', { link: recoveryPageLink(site.publicUrl, email) }),
    say('server.mail.steps.haveCode', { requestTitle: s.requestTitle, haveCode: s.haveCode }),
    `   ${say('server.mail.steps.keepCode', { sendCode: s.sendCode })}`,
    say('server.mail.steps.enter', {
      verifyTitle: s.verifyTitle,
      email,
      otp: s.otp,
      newPassword: s.newPassword,
    }),
    say('server.mail.steps.finish', { submit: s.submit }),
  ];
}

/** A mail of these lines in a language. */
export function wordedMail(
  language: Language,
  to: string,
  subject: string,
  lines: readonly string[],
): MailMessage {
  return { to, subject, ...mailBody(language, lines) };
}

export function resetCodeMail(
  site: MailSite,
  to: string,
  code: string,
  language: Language,
): MailMessage {
  const say = mailSay(language);
  return wordedMail(language, to, say('server.mail.reset.subject', { site: site.siteTitle }), [
    say('server.mail.code.recovery', { code }),
    '',
    ...recoverySteps(site, to, say),
    '',
    say('server.mail.reset.validity', { sendCode: RESET_SCREEN.sendCode }),
    '',
    say('server.mail.reset.ignore'),
  ]);
}

/** Register, an email change and "Send verification code": prove the address on /profile. */
export function verifyCodeMail(
  site: MailSite,
  to: string,
  code: string,
  language: Language,
): MailMessage {
  const say = mailSay(language);
  return wordedMail(language, to, say('server.mail.verify.subject', { site: site.siteTitle }), [
    say('server.mail.verify.code', { code }),
    '',
    say('server.mail.verify.title'),
    say('server.mail.verify.open', { link: `${site.publicUrl}/profile` }),
    say('server.mail.verify.enter', {
      section: message('account.emailProof.title'),
      codeLabel: message('account.emailProof.codeLabel'),
      verify: message('account.emailProof.verify'),
    }),
    '',
    say('server.mail.verify.validity', { sendCode: message('account.emailProof.sendCode') }),
    '',
    say('server.mail.verify.ignore'),
  ]);
}

/** The approval mails' validity line quotes the same button. */
export const SEND_RECOVERY_CODE = RESET_SCREEN.sendCode;
/** "Reset Password", as the approval mail of an unproven account quotes it. */
export const RESET_PASSWORD_BUTTON = RESET_SCREEN.submit;
