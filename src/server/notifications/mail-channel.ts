// The mail channel: a notification as a mail with a plain-text and an HTML part (every value
// escaped), to a proven email only (users.email_verified) and only while the person's email
// preference is on. Each mail carries a one-click way to turn mail off: a signed link to the
// app's /unsubscribe screen, and List-Unsubscribe / List-Unsubscribe-Post (RFC 8058) naming
// POST /api/notifications/unsubscribe?token=…, which turns mail off without a sign-in.
import { NOTIFICATION_PATHS } from '#shared/contracts/notifications';
import { escapeHtml } from '../mail/mail-body.ts';
import type { MailMessage } from '../mail/mailer.ts';
import type { DeliveryOutcome, RenderedNotification } from './notification-channels.ts';
import { mailTexts, type NotificationLanguage } from './notification-texts.ts';
import type { Recipient } from './notifications.types.ts';
import type { UnsubscribeTokens } from './unsubscribe-token.ts';

export interface MailChannelDeps {
  send: (message: MailMessage) => Promise<void>;
  tokens: UnsubscribeTokens;
  publicUrl: string;
  siteTitle: string;
}

export function unsubscribeLinks(publicUrl: string, token: string) {
  const query = `token=${encodeURIComponent(token)}`;
  return {
    page: `${publicUrl}/unsubscribe?${query}`,
    oneClick: `${publicUrl}${NOTIFICATION_PATHS.unsubscribe}?${query}`,
  };
}

export function notificationMail(
  deps: Pick<MailChannelDeps, 'publicUrl' | 'siteTitle'>,
  to: string,
  message: RenderedNotification,
  token: string,
  language: NotificationLanguage,
): MailMessage {
  const texts = mailTexts(language);
  const open = `${deps.publicUrl}${message.url}`;
  const links = unsubscribeLinks(deps.publicUrl, token);
  const text = [
    message.body,
    '',
    `${texts.open}: ${open}`,
    '',
    '--',
    texts.why,
    `${texts.unsubscribe}: ${links.page}`,
  ].join('\n');
  const e = escapeHtml;
  const html = [
    '<!doctype html>',
    `<html lang="${e(language)}"><body>`,
    `<h1 style="font-size:1.2em">${e(message.title)}</h1>`,
    `<p>${e(message.body)}</p>`,
    `<p><a href="${e(open)}">${e(texts.open)}</a></p>`,
    '<hr>',
    `<p style="font-size:0.9em;color:#555">${e(texts.why)}<br>`,
    `<a href="${e(links.page)}">${e(texts.unsubscribe)}</a></p>`,
    '</body></html>',
  ].join('\n');
  return {
    to,
    subject: `${deps.siteTitle}: ${message.title}`,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${links.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** Sends one notification by mail; a transport failure is retried by the worker. */
export async function deliverByMail(
  deps: MailChannelDeps,
  recipient: Recipient,
  message: RenderedNotification,
  language: NotificationLanguage,
): Promise<DeliveryOutcome> {
  if (!recipient.notifyEmail) return { kind: 'skipped', reason: 'email turned off' };
  if (recipient.email === null) return { kind: 'skipped', reason: 'no email' };
  if (!recipient.emailVerified) return { kind: 'skipped', reason: 'email not proven' };
  const token = deps.tokens.tokenFor(recipient.userId);
  try {
    await deps.send(notificationMail(deps, recipient.email, message, token, language));
    return { kind: 'sent' };
  } catch (err) {
    return { kind: 'retry', reason: err instanceof Error ? err.message : String(err) };
  }
}
