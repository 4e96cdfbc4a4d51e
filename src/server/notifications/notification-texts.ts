// Every text a notification shows (push title/body, mail subject/text), keyed by kind, worded
// in the recipient's language from src/locales/<language>/server.json (server.notify.*), with
// dates by Intl in that language (issue 21). Short and plain; no client's personal data: the
// params carry none. `url` is an app path (product-spec.md route table).
import type { Language } from '#shared/i18n/languages';
import type { MessageId, MessageValues } from '#shared/i18n/messages';
import { translate } from '../i18n/translator.ts';
import type { RenderedNotification } from './notification-channels.ts';
import type {
  NotificationKind,
  NotificationParamsByKind,
  RoundParams,
} from './notifications.types.ts';

/** The recipient's language (users.language; English when never chosen). */
export type NotificationLanguage = Language;

type Rendered = RenderedNotification;
/** Words one message in the recipient's language. */
type Say = (id: MessageId, values?: MessageValues) => string;
interface Format {
  time: (iso: string) => string;
  say: Say;
}
type Texts = {
  [K in NotificationKind]: (params: NotificationParamsByKind[K], f: Format) => Rendered;
};

const roundTag = (p: RoundParams) => `round-${p.roundId}`;
const DASHBOARD = '/';

/** A round's body, with " at <location>" when the round has one (two messages: word order). */
function roundBody(p: RoundParams, f: Format, ids: { plain: MessageId; at: MessageId }) {
  const time = f.time(p.startTime);
  return p.location === null
    ? f.say(ids.plain, { time })
    : f.say(ids.at, { time, location: p.location });
}

const TEXTS: Texts = {
  'round.reminder': (p, f) => ({
    title: f.say('server.notify.roundReminder.title', { title: p.title }),
    body: roundBody(p, f, {
      plain: 'server.notify.roundReminder.body',
      at: 'server.notify.roundReminder.bodyAt',
    }),
    url: DASHBOARD,
    tag: roundTag(p),
  }),
  'signup.confirmed': (p, f) => ({
    title: f.say('server.notify.signupConfirmed.title', { title: p.title }),
    body: roundBody(p, f, {
      plain: 'server.notify.signupConfirmed.body',
      at: 'server.notify.signupConfirmed.bodyAt',
    }),
    url: DASHBOARD,
    tag: roundTag(p),
  }),
  'signup.rejected': (p, f) => ({
    title: f.say('server.notify.signupRejected.title', { title: p.title }),
    body: f.say('server.notify.signupRejected.body', { time: f.time(p.startTime) }),
    url: DASHBOARD,
    tag: roundTag(p),
  }),
  'round.cancelled': (p, f) => ({
    title: f.say('server.notify.roundCancelled.title', { title: p.title }),
    body: f.say('server.notify.roundCancelled.body', { time: f.time(p.startTime) }),
    url: DASHBOARD,
    tag: roundTag(p),
  }),
  'round.changed': (p, f) => ({
    title: f.say('server.notify.roundChanged.title', { title: p.title }),
    body: roundBody(p, f, {
      plain: 'server.notify.roundChanged.body',
      at: 'server.notify.roundChanged.bodyAt',
    }),
    url: DASHBOARD,
    tag: roundTag(p),
  }),
  'order.completed': (p, f) => ({
    title: f.say('server.notify.orderCompleted.title'),
    // The order number as text: "#1234", never "#1,234".
    body: f.say('server.notify.orderCompleted.body', { orderId: String(p.orderId) }),
    url: '/orderhistory',
    tag: `order-${p.orderId}`,
  }),
  'order.cancelled': (p, f) => ({
    title: f.say('server.notify.orderCancelled.title'),
    body: f.say('server.notify.orderCancelled.body', { orderId: String(p.orderId) }),
    url: '/orderhistory',
    tag: `order-${p.orderId}`,
  }),
  'application.new': (_p, f) => ({
    title: f.say('server.notify.applicationNew.title'),
    body: f.say('server.notify.applicationNew.body'),
    url: '/admin/applications',
    tag: 'applications',
  }),
  'item.outOfStock': (p, f) => ({
    title: f.say('server.notify.outOfStock.title', { name: p.name }),
    body: f.say('server.notify.outOfStock.body', { name: p.name }),
    url: '/cargo_admin',
    tag: `item-${p.itemId}`,
  }),
};

/** The mail's fixed lines in a language. */
export function mailTexts(language: NotificationLanguage): {
  open: string;
  why: string;
  unsubscribe: string;
} {
  return {
    open: translate(language, 'server.notify.mail.open'),
    why: translate(language, 'server.notify.mail.why'),
    unsubscribe: translate(language, 'server.notify.mail.unsubscribe'),
  };
}

/**
 * Dates in the recipient's language and the group's time zone (TIME_ZONE), with the zone
 * named: a server's own zone (often UTC) would tell a volunteer the wrong hour, and a push read
 * while travelling should not leave the hour to guessing. One formatter per language and zone,
 * made at its first use: building one costs about 40 µs, which made it the largest share of
 * the worker's own CPU when every render built one (the notifications bench).
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormatFor(language: NotificationLanguage, timeZone: string | undefined) {
  const key = `${language} ${timeZone ?? ''}`;
  let format = dateFormats.get(key);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(language, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
      ...(timeZone === undefined ? {} : { timeZone }),
    });
    dateFormats.set(key, format);
  }
  return format;
}

function formatterFor(language: NotificationLanguage, timeZone: string | undefined): Format {
  return {
    time: (iso) => dateFormatFor(language, timeZone).format(new Date(iso)),
    say: (id, values) => translate(language, id, values),
  };
}

export function isNotificationKind(kind: string): kind is NotificationKind {
  return Object.hasOwn(TEXTS, kind);
}

/**
 * The texts of one queued row; throws on an unknown kind (a row written by newer code).
 * `timeZone`: the group's (config.timeZone); the process's own when absent.
 */
export function renderNotification(
  kind: string,
  params: unknown,
  language: NotificationLanguage,
  timeZone?: string,
): RenderedNotification {
  if (!isNotificationKind(kind)) throw new Error(`unknown notification kind ${kind}`);
  const render = TEXTS[kind] as (p: unknown, f: Format) => Rendered;
  return render(params, formatterFor(language, timeZone));
}
