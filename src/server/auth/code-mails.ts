// The mails that carry a code. Each says exactly which screen and which button to use, with
// the screen's own texts (product-spec.md "Password recovery", reset-password-page.tsx,
// profile page): a new volunteer who follows the mail step by step must get in (issue 14
// item 6). Links carry the email, never the code: a link is kept in histories and logs, and
// anyone who has it could use the code.
import type { MailMessage } from '../mail/mailer.ts';

export interface MailSite {
  siteTitle: string;
  /** PUBLIC_URL, no trailing slash. */
  publicUrl: string;
}

/** The password recovery page, the email filled in. */
export function recoveryPageLink(publicUrl: string, email: string): string {
  return `${publicUrl}/reset_password?email=${encodeURIComponent(email)}`;
}

/** The steps on /reset_password for a code the person already has. */
export function recoverySteps(site: MailSite, email: string): string[] {
  return [
    'To use the code:',
    `1. Open the password recovery page: ${recoveryPageLink(site.publicUrl, email)}`,
    '2. If the page shows "Request a Recovery Code", press "I already have a code".',
    '   Do not press "Send Recovery Code": it mails a new code and this one stops working.',
    `3. Under "Enter OTP & New Password", check that the email is ${email}, enter the`,
    '   code in "OTP" and your new password in "New Password".',
    '4. Press "Reset Password", then log in with this email and your new password.',
  ];
}

const VALIDITY = [
  'The code is valid for 15 minutes and works once. If it has expired, press',
  '"Send Recovery Code" on the same page for a new one.',
];

export function resetCodeMail(site: MailSite, to: string, code: string): MailMessage {
  return {
    to,
    subject: `${site.siteTitle}: your password recovery code`,
    text: [
      `Your recovery code is ${code}.`,
      '',
      ...recoverySteps(site, to),
      '',
      ...VALIDITY,
      '',
      'If you did not ask for it, you can ignore this message.',
    ].join('\n'),
  };
}

/** Register, an email change and "Send verification code": prove the address on /profile. */
export function verifyCodeMail(site: MailSite, to: string, code: string): MailMessage {
  return {
    to,
    subject: `${site.siteTitle}: verify your email`,
    text: [
      `Your email verification code is ${code}.`,
      '',
      'To verify this email:',
      `1. Log in and open your profile: ${site.publicUrl}/profile`,
      '2. Under "Email address", enter the code in "Verification code" and press',
      '   "Verify email".',
      '',
      'The code is valid for 15 minutes and works once. If it has expired, press',
      '"Send verification code" on your profile for a new one.',
      '',
      'If you did not make an account with this email, someone typed your address:',
      'you can ignore this message, the address stays unverified.',
    ].join('\n'),
  };
}
