// Limits that keep one person from draining supplies (beyond-spec.md section 1 "Supplies can't
// be drained"), shared by the server (the 409 it answers) and the web client (the cart and the
// offline outbox flag an order the server will refuse, with the same text, before it is sent).
// The texts are messages (rules.json): each side words them in its reader's language.
//
// - Each catalogue item has maxPerOrder: an order asking for more of the item (all its sizes
//   together) is refused whole, naming the item ("Naloxone: at most 2 per order").
// - Custom lines (free text, domain-decisions.md: stored, reserve nothing, shown to the admin)
//   reserve nothing but each one is work for a person: an order may carry at most
//   MAX_CUSTOM_LINES of them, each at most DEFAULT_MAX_PER_ORDER. Why 5: the spec's custom
//   dialog is "Didn't find items you want?" — a few things the catalogue lacks, not a list;
//   five keeps one order readable in the admin queue, and with the open-order limits below one
//   client can put at most 15 custom lines in the queue at once, a guest 10 a day per phone.
// - A client has at most OPEN_ORDERS_PER_CLIENT orders PENDING or PROCESSING at once; a guest
//   phone number or email at most GUEST_ORDERS_PER_DAY orders in 24 hours.
import { message, type Message } from '#shared/i18n/messages';
import { nameKey, parseOrderLineName } from './order-lines.ts';

/** maxPerOrder of an item that was never given one, and the cap on each custom line. */
export const DEFAULT_MAX_PER_ORDER = 10;
/** The largest maxPerOrder the admin can set (an order line holds at most 10,000 anyway). */
export const MAX_PER_ORDER_LIMIT = 10_000;
export const MAX_CUSTOM_LINES = 5;
export const OPEN_ORDERS_PER_CLIENT = 3;
export const GUEST_ORDERS_PER_DAY = 2;
export const GUEST_ORDER_WINDOW_MS = 24 * 60 * 60 * 1000;

export const ORDER_LIMIT_MESSAGES = {
  maxPerOrder: message('rules.orderLimits.maxPerOrder'),
  tooManyCustomLines: message('rules.orderLimits.tooManyCustomLines', { count: MAX_CUSTOM_LINES }),
  tooManyOpenOrders: message('rules.orderLimits.tooManyOpenOrders', {
    count: OPEN_ORDERS_PER_CLIENT,
  }),
  guestOrdersPerDay: message('rules.orderLimits.guestOrdersPerDay', {
    count: GUEST_ORDERS_PER_DAY,
  }),
} as const satisfies Record<string, Message>;

/** The admin form's check of a typed maxPerOrder (the server's is the same, cargo.ts). */
export function validateMaxPerOrder(text: string): Message | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return ORDER_LIMIT_MESSAGES.maxPerOrder;
  const value = Number(trimmed);
  return value >= 1 && value <= MAX_PER_ORDER_LIMIT ? null : ORDER_LIMIT_MESSAGES.maxPerOrder;
}

/** "Naloxone: at most 2 per order" */
export function overMaxText(itemName: string, maxPerOrder: number): Message {
  return message('rules.orderLimits.overMax', { item: itemName, max: maxPerOrder });
}

/** Several refusals as one: "Naloxone: at most 2 per order; Socks: at most 4 per order". */
function allOf(refusals: readonly Message[]): Message | null {
  const [first, ...rest] = refusals;
  if (first === undefined) return null;
  const more = allOf(rest);
  return more === null ? first : message('rules.orderLimits.refusals', { first, rest: more });
}

/** One order line as the limits see it. */
export interface LimitLine {
  /** The catalogue item the line takes from, or null for a custom line. */
  item: { id: number; name: string; maxPerOrder: number } | null;
  /** The custom text (custom lines); unused for catalogue lines. */
  text: string;
  quantity: number;
}

/**
 * The refusal an order with these lines gets, or null when it keeps the limits. Quantities
 * of one item (any sizes) add up, as do custom lines with the same text (case-insensitive).
 */
export function orderLimitRefusal(lines: readonly LimitLine[]): Message | null {
  const items = new Map<number, { name: string; max: number; quantity: number }>();
  const custom = new Map<string, { name: string; quantity: number }>();
  for (const line of lines) {
    if (line.item === null) {
      const key = nameKey(line.text);
      const seen = custom.get(key) ?? { name: line.text.trim(), quantity: 0 };
      seen.quantity += line.quantity;
      custom.set(key, seen);
      continue;
    }
    const seen = items.get(line.item.id) ?? {
      name: line.item.name,
      max: line.item.maxPerOrder,
      quantity: 0,
    };
    seen.quantity += line.quantity;
    items.set(line.item.id, seen);
  }
  const over = [...items.values()]
    .filter((i) => i.quantity > i.max)
    .map((i) => overMaxText(i.name, i.max));
  for (const line of custom.values()) {
    if (line.quantity > DEFAULT_MAX_PER_ORDER)
      over.push(overMaxText(line.name, DEFAULT_MAX_PER_ORDER));
  }
  if (over.length > 0) return allOf(over);
  if (custom.size > MAX_CUSTOM_LINES) return ORDER_LIMIT_MESSAGES.tooManyCustomLines;
  return null;
}

/** A catalogue item as a device mirror holds it (the catalogue reply). */
export interface LimitCatalogueItem {
  id: number;
  name: string;
  maxPerOrder?: number | undefined;
  sizeQuantities: Record<string, number>;
}

/**
 * Cart lines (`Name (Size)` or `Name`) → limit lines against a catalogue, the way the server
 * reads them (orders/resolve-lines.ts): a whole name that is an unsized item wins, then
 * `Name (Size)` of an item (an unknown size too: the server refuses that line itself);
 * anything else counts as custom.
 */
export function limitLinesOf(
  lines: readonly { name: string; quantity: number }[],
  catalogue: readonly LimitCatalogueItem[],
): LimitLine[] {
  const byKey = new Map<string, LimitCatalogueItem>();
  for (const item of [...catalogue].sort((a, b) => a.id - b.id)) {
    const key = nameKey(item.name);
    if (!byKey.has(key)) byKey.set(key, item);
  }
  const limitItem = (item: LimitCatalogueItem) => ({
    id: item.id,
    name: item.name,
    maxPerOrder: item.maxPerOrder ?? DEFAULT_MAX_PER_ORDER,
  });
  return lines.map((line) => {
    const whole = byKey.get(nameKey(line.name));
    if (whole !== undefined && Object.keys(whole.sizeQuantities).length === 0) {
      return { item: limitItem(whole), text: line.name, quantity: line.quantity };
    }
    const parsed = parseOrderLineName(line.name);
    const named = parsed.size === null ? undefined : byKey.get(nameKey(parsed.name));
    if (named !== undefined) {
      return { item: limitItem(named), text: line.name, quantity: line.quantity };
    }
    return { item: null, text: line.name, quantity: line.quantity };
  });
}

/**
 * Phone numbers compare by their digits; a US number with its leading country code 1 is the
 * same as without. A phone with no digits at all compares as its trimmed, lower-case text.
 * The same number written another way is the same key (red team: each way was a new guest
 * limit): full-width digits, an extension after it ("ext 2", "x2", "#2"), an international
 * call prefix (00, or 011 from the US).
 */
export function phoneKey(phone: string): string {
  const text = phone.normalize('NFKC');
  const start = text.search(/\d/);
  if (start < 0) return text.trim().toLowerCase();
  const rest = text.slice(start);
  const end = rest.search(/[^\d\s().+/-]/);
  let digits = (end < 0 ? rest : rest.slice(0, end)).replace(/\D/g, '');
  if (digits.startsWith('011')) digits = digits.slice(3);
  else if (digits.startsWith('00')) digits = digits.slice(2);
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

const GMAIL_DOMAINS: ReadonlySet<string> = new Set(['gmail.com', 'googlemail.com']);

/**
 * Emails compare trimmed and lower-case, without a `+tag` (one mailbox, many addresses), and
 * for Gmail without the dots in the local part, which Gmail ignores.
 */
export function emailKey(email: string): string {
  const text = email.trim().toLowerCase();
  const at = text.lastIndexOf('@');
  if (at <= 0) return text;
  let local = text.slice(0, at);
  let domain = text.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replace(/\./g, '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}
