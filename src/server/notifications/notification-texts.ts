// Every text a notification shows (push title/body, mail subject/text), keyed by kind, in one
// file so a second language (issue 21) is one more table here. Short and plain; no client's
// personal data: the params carry none. `url` is an app path (product-spec.md route table).
import type { RenderedNotification } from './notification-channels.ts';
import type {
  NotificationKind,
  NotificationParamsByKind,
  RoundParams,
} from './notifications.types.ts';

export type NotificationLanguage = 'en';

type Texts = {
  [K in NotificationKind]: (params: NotificationParamsByKind[K], when: Format) => Rendered;
};
type Rendered = RenderedNotification;
interface Format {
  time: (iso: string) => string;
}

const place = (p: RoundParams) => (p.location === null ? '' : ` at ${p.location}`);
const roundTag = (p: RoundParams) => `round-${p.roundId}`;
const DASHBOARD = '/';

const EN: Texts = {
  'round.reminder': (p, f) => ({
    title: `Reminder: ${p.title}`,
    body: `Your round starts ${f.time(p.startTime)}${place(p)}.`,
    url: DASHBOARD,
    tag: roundTag(p),
  }),
  'signup.confirmed': (p, f) => ({
    title: `You're in: ${p.title}`,
    body: `A place opened for you on ${f.time(p.startTime)}${place(p)}.`,
    url: DASHBOARD,
    tag: roundTag(p),
  }),
  'signup.rejected': (p, f) => ({
    title: `Sign-up not accepted: ${p.title}`,
    body: `Your sign-up for the round on ${f.time(p.startTime)} was not accepted.`,
    url: DASHBOARD,
    tag: roundTag(p),
  }),
  'round.cancelled': (p, f) => ({
    title: `Round cancelled: ${p.title}`,
    body: `The round on ${f.time(p.startTime)} has been cancelled.`,
    url: DASHBOARD,
    tag: roundTag(p),
  }),
  'round.changed': (p, f) => ({
    title: `Round changed: ${p.title}`,
    body: `It now starts ${f.time(p.startTime)}${place(p)}.`,
    url: DASHBOARD,
    tag: roundTag(p),
  }),
  'order.completed': (p) => ({
    title: 'Your order was delivered',
    body: `Order #${p.orderId} is completed.`,
    url: '/orderhistory',
    tag: `order-${p.orderId}`,
  }),
  'order.cancelled': (p) => ({
    title: 'Your order was cancelled',
    body: `Order #${p.orderId} was cancelled. You can place a new order.`,
    url: '/orderhistory',
    tag: `order-${p.orderId}`,
  }),
  'application.new': () => ({
    title: 'New volunteer application',
    body: 'A volunteer application is waiting for review.',
    url: '/admin/applications',
    tag: 'applications',
  }),
  'item.outOfStock': (p) => ({
    title: `Out of stock: ${p.name}`,
    body: `${p.name} has no stock left.`,
    url: '/cargo_admin',
    tag: `item-${p.itemId}`,
  }),
};

const TEXTS: Record<NotificationLanguage, Texts> = { en: EN };

/** The mail's fixed lines, per language. */
export const MAIL_TEXTS: Record<
  NotificationLanguage,
  { open: string; why: string; unsubscribe: string }
> = {
  en: {
    open: 'Open',
    why: 'You get this mail because notifications by email are on in your profile.',
    unsubscribe: 'Turn off these emails',
  },
};

function formatterFor(language: NotificationLanguage): Format {
  const format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  return { time: (iso) => format.format(new Date(iso)) };
}

export function isNotificationKind(kind: string): kind is NotificationKind {
  return Object.hasOwn(EN, kind);
}

/** The texts of one queued row; throws on an unknown kind (a row written by newer code). */
export function renderNotification(
  kind: string,
  params: unknown,
  language: NotificationLanguage,
): RenderedNotification {
  if (!isNotificationKind(kind)) throw new Error(`unknown notification kind ${kind}`);
  const render = TEXTS[language][kind] as (p: unknown, f: Format) => Rendered;
  return render(params, formatterFor(language));
}
