// When an order's personal data may be shown, and until when a copy may be kept (beyond-spec.md
// section 2 "When volunteers see an address" and "Retention"). Pure: the server builds its
// replies with it, and the web client's offline mirror drops what the reply says expires.
// - A volunteer CONFIRMED on a round sees its orders' address, phone and notes from
//   ADDRESS_REVEAL_HOURS before the round starts until HOURS_SHOWN_AFTER_ROUND after it ends.
// - An admin always sees them, and a client their own orders, until the retention sweep has
//   removed them from a COMPLETED or CANCELLED order.

/** How long after a round ends its volunteers still see its orders' addresses. */
export const HOURS_SHOWN_AFTER_ROUND = 12;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export interface RoundTimes {
  /** ISO 8601 instants. */
  startTime: string;
  endTime: string;
}

/** A span of time, both ends included. */
export interface TimeWindow {
  from: Date;
  until: Date;
}

/** The round's address window: revealHours before its start to 12 hours after its end. */
export function addressWindow(round: RoundTimes, revealHours: number): TimeWindow {
  return {
    from: new Date(Date.parse(round.startTime) - revealHours * HOUR_MS),
    until: new Date(Date.parse(round.endTime) + HOURS_SHOWN_AFTER_ROUND * HOUR_MS),
  };
}

export function isWithin(window: TimeWindow, now: Date): boolean {
  const at = now.getTime();
  return at >= window.from.getTime() && at <= window.until.getTime();
}

/**
 * Who looks at an order: its own client, an admin, a volunteer CONFIRMED on its round, or any
 * other volunteer (who may see a round's load, never who or where).
 */
export type OrderViewer = 'owner' | 'admin' | 'confirmedVolunteer' | 'otherVolunteer';

/** The two settings the rules take from the server's configuration. */
export interface PrivacySettings {
  addressRevealHours: number;
  retentionDays: number;
}

/** What the rules need to know about one order. */
export interface OrderPrivacyFacts {
  /** COMPLETED or CANCELLED: its personal data is kept for RETENTION_DAYS after its last change. */
  final: boolean;
  /** The order's last change (ISO 8601). */
  updatedAt: string;
  /** The retention sweep already removed its personal data. */
  purged: boolean;
  /** The times of the round carrying it, or null when it is on none. */
  round: RoundTimes | null;
}

/** What a reply may hold of an order's personal data, in the reply's own terms. */
export interface PersonalDataVerdict {
  /** The address, phone and notes go into the reply. */
  shown: boolean;
  /** The viewer may not see them now (personalDataHidden); false once purged. */
  hidden: boolean;
  /** Hidden, and the window is still to come: when they will show (ISO 8601), else null. */
  shownFrom: string | null;
  /** The retention sweep removed them (personalDataPurged). */
  purged: boolean;
  /** After this instant a device must drop its copy (ISO 8601); null when nothing expires. */
  until: string | null;
}

/** COMPLETED and CANCELLED orders are final: their personal data goes RETENTION_DAYS later. */
export function isFinalOrderStatus(status: string): boolean {
  return status === 'COMPLETED' || status === 'CANCELLED';
}

/** Whether an order as replied holds an address or a phone: what the audit log records. */
export function holdsAddressOrPhone(order: {
  deliveryAddress: string | null;
  phoneNumber: string | null;
}): boolean {
  return (
    (order.deliveryAddress !== null && order.deliveryAddress !== '') || order.phoneNumber !== null
  );
}

/** When a final order's personal data is removed by the retention sweep, else null. */
export function retentionEnd(facts: OrderPrivacyFacts, retentionDays: number): Date | null {
  return facts.final ? new Date(Date.parse(facts.updatedAt) + retentionDays * DAY_MS) : null;
}

function earlier(a: Date, b: Date | null): Date {
  return b !== null && b < a ? b : a;
}

function volunteerVerdict(
  facts: OrderPrivacyFacts,
  now: Date,
  settings: PrivacySettings,
): PersonalDataVerdict {
  if (facts.round === null) {
    return { shown: false, hidden: true, shownFrom: null, purged: false, until: null };
  }
  const window = addressWindow(facts.round, settings.addressRevealHours);
  const inWindow = isWithin(window, now);
  const until = earlier(window.until, retentionEnd(facts, settings.retentionDays));
  return {
    shown: inWindow,
    hidden: !inWindow,
    shownFrom: now < window.from ? window.from.toISOString() : null,
    purged: false,
    until: until.toISOString(),
  };
}

/** What `viewer` may see of the order's personal data at `now`. */
export function personalDataVerdict(
  viewer: OrderViewer,
  facts: OrderPrivacyFacts,
  now: Date,
  settings: PrivacySettings,
): PersonalDataVerdict {
  // Nothing is withheld from anyone any more: it is gone, and nothing is left to expire.
  if (facts.purged)
    return { shown: false, hidden: false, shownFrom: null, purged: true, until: null };
  switch (viewer) {
    case 'otherVolunteer':
      return { shown: false, hidden: true, shownFrom: null, purged: false, until: null };
    case 'confirmedVolunteer':
      return volunteerVerdict(facts, now, settings);
    case 'owner':
    case 'admin': {
      const end = retentionEnd(facts, settings.retentionDays);
      return {
        shown: true,
        hidden: false,
        shownFrom: null,
        purged: false,
        until: end?.toISOString() ?? null,
      };
    }
  }
}

/** A device's copy of personal data must go once `until` has passed. */
export function personalDataExpired(until: string | null, now: Date): boolean {
  return until !== null && Date.parse(until) < now.getTime();
}
