// A person's notification preferences ({push, email}: users.notify_push / notify_email), and
// the mail opt-out link, which turns only mail off and needs no sign-in (the token is the key).
import type { NotificationPreferences } from '#shared/contracts/notifications';
import { NOTIFICATION_MESSAGES } from '#shared/contracts/notifications';
import { message } from '#shared/i18n/messages';
import type { Db } from '../db/kysely.ts';
import type { SignedInWrite, WriteContext } from '../db/write-context.ts';
import { badRequest, notFound } from '../errors.ts';
import { findPreferences, setPreferences } from './notifications.repository.ts';
import type { UnsubscribeTokens } from './unsubscribe-token.ts';

const GONE = message('server.profile.accountGone');

export async function preferencesOf(db: Db, userId: number): Promise<NotificationPreferences> {
  const prefs = await findPreferences(db, userId);
  if (prefs === undefined) throw notFound(GONE);
  return prefs;
}

export async function updatePreferences(
  w: SignedInWrite,
  prefs: NotificationPreferences,
): Promise<NotificationPreferences> {
  if (!(await setPreferences(w.trx, w.actor.userId, prefs))) throw notFound(GONE);
  return prefs;
}

export const UNSUBSCRIBED = message('server.notifications.unsubscribed');
const BAD_TOKEN = message('server.validation.fieldRefusal', {
  field: 'token',
  refusal: NOTIFICATION_MESSAGES.token,
});

/** A bad or forged token is a 400 naming the link; a valid one turns that person's mail off. */
export async function unsubscribeByToken(
  w: WriteContext,
  tokens: UnsubscribeTokens,
  token: string | undefined,
): Promise<void> {
  const userId = token === undefined ? null : tokens.userOf(token);
  if (userId === null) throw badRequest(BAD_TOKEN);
  // An account deleted since the mail has no mail to turn off: done all the same.
  await setPreferences(w.trx, userId, { email: false });
}
