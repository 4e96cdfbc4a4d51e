// The mails an approval sends (after the commit). A new account gets a one-time code from the
// password-reset mechanism, redeemed on the password recovery page's second step.
import type { MailMessage } from '../mail/mailer.ts';

export function newVolunteerAccountMail(
  siteTitle: string,
  to: string,
  account: { username: string; code: string },
): MailMessage {
  return {
    to,
    subject: `${siteTitle}: your volunteer application was approved`,
    text: [
      'Welcome! Your volunteer application was approved and an account was',
      'made for you.',
      '',
      `Your username is ${account.username}.`,
      `Your recovery code is ${account.code}.`,
      '',
      'To set your password, open the password recovery page, go to',
      '"Enter OTP & New Password" and enter this email, the code and your new',
      'password. The code is valid for 15 minutes and works once; when it has',
      'expired, ask for a new one on the same page.',
    ].join('\n'),
  };
}

export function volunteerApprovedMail(
  siteTitle: string,
  to: string,
  username: string,
): MailMessage {
  return {
    to,
    subject: `${siteTitle}: your volunteer application was approved`,
    text: [
      'Your volunteer application was approved.',
      '',
      `Your account ${username} is now a volunteer account.`,
      'Log in again to see your rounds.',
    ].join('\n'),
  };
}
