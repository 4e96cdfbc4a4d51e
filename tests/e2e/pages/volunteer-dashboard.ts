// '/' for a volunteer (spec section 2 "Volunteer dashboard"; issue 5): the panels, the round
// and order cards, the calendar, the 'Rounds on the date' modal, the round detail and 'Order
// Full Details' modals.
import type { Locator, Page } from 'playwright-core';
import { control } from './controls.ts';

/** Card backgrounds (tokens.css): --color-success-soft and --color-warning-soft. */
export const GREEN = 'rgb(230, 244, 234)';
export const LIGHT_YELLOW = 'rgb(255, 247, 214)';

const ORDINAL: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };
const ordinalRules = new Intl.PluralRules('en-US', { type: 'ordinal' });

/** The calendar's words for a day (date-fns 'PPPP'), e.g. 'Sunday, November 22nd, 2026'. */
export function dayLabel(day: Date): string {
  const weekday = day.toLocaleDateString('en-US', { weekday: 'long' });
  const month = day.toLocaleDateString('en-US', { month: 'long' });
  const date = day.getDate();
  return `${weekday}, ${month} ${date}${ORDINAL[ordinalRules.select(date)]}, ${day.getFullYear()}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The definition next to the term `label` (Fields renders a <dl>). */
function valueIn(scope: Locator, label: string): Locator {
  return scope
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${escapeRegExp(label)}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

/** What a card's pending line says (volunteer/pending-note.tsx). */
const PENDING_LINE = /Saved — will send when online|Sending…/;

/** A round or order card (an article named by its heading). */
export class Card {
  constructor(readonly root: Locator) {}

  button(name: string): Locator {
    return control(this.root, name);
  }

  /** The value of a labelled field ('Available Slots', 'Already Signed Up?', …). */
  value(label: string): Locator {
    return valueIn(this.root, label);
  }

  /**
   * The queued/sending line under the card. Told by its words from the card's receipt
   * (Waiting to send / Sent ✓), the card's other status, which stays after the action went.
   */
  get pending(): Locator {
    return this.root.getByRole('status').filter({ hasText: PENDING_LINE });
  }

  background(): Promise<string> {
    return this.root.evaluate((el) => getComputedStyle(el).backgroundColor);
  }

  signupStatus(): Promise<string | null> {
    return this.root.getAttribute('data-signup-status');
  }
}

export class Dialog {
  readonly root: Locator;

  constructor(
    readonly page: Page,
    name: string,
  ) {
    this.root = page.getByRole('dialog', { name, exact: true });
  }

  button(name: string): Locator {
    return control(this.root, name);
  }

  card(title: string): Card {
    return new Card(this.root.getByRole('article', { name: title, exact: true }));
  }

  /** A labelled field of the dialog itself. */
  value(label: string): Locator {
    return valueIn(this.root, label).first();
  }
}

export class VolunteerDashboard {
  readonly upcoming: Locator;
  readonly assigned: Locator;
  readonly pastRounds: Locator;
  readonly completed: Locator;
  readonly calendar: Locator;
  readonly logout: Locator;

  constructor(readonly page: Page) {
    this.upcoming = page.getByRole('region', { name: 'My Upcoming Rounds', exact: true });
    this.assigned = page.getByRole('region', { name: 'Assigned Orders', exact: true });
    this.pastRounds = page.getByRole('region', { name: 'My Past Rounds', exact: true });
    this.completed = page.getByRole('region', { name: 'Completed Orders', exact: true });
    this.calendar = page.getByRole('region', { name: 'Select a date to see rounds', exact: true });
    this.logout = control(page.getByRole('banner'), 'Logout');
  }

  welcome(username: string): Locator {
    return this.page.getByText(`Welcome, ${username}!`, { exact: true });
  }

  upcomingRound(title: string): Card {
    return new Card(this.upcoming.getByRole('article', { name: title, exact: true }));
  }

  assignedOrder(orderId: number): Card {
    return new Card(this.assigned.getByRole('article', { name: `Order #${orderId}`, exact: true }));
  }

  completedOrder(orderId: number): Card {
    return new Card(
      this.completed.getByRole('article', { name: `Order #${orderId}`, exact: true }),
    );
  }

  /** Opens a collapsible panel ('Completed Orders', 'My Past Rounds'). */
  async expand(panel: Locator): Promise<void> {
    const toggle = panel.getByRole('button').first();
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  }

  /** The calendar's button for a day (its name says 'rounds scheduled' when it has one). */
  day(day: Date): Locator {
    return this.calendar.getByRole('button', { name: new RegExp(dayLabel(day)) });
  }

  /** Shows the day's month (the calendar opens on this month) and clicks the day. */
  async pickDay(day: Date): Promise<Dialog> {
    const now = new Date();
    const months = (day.getFullYear() - now.getFullYear()) * 12 + day.getMonth() - now.getMonth();
    for (let i = 0; i < months; i++) {
      await this.calendar.getByRole('button', { name: 'Go to the Next Month' }).click();
    }
    const dialog = new Dialog(this.page, 'Rounds on the date');
    // One more tap if the first went unanswered: seen once in CI (a full run, loaded machine)
    // when the tap landed while the lists refreshed under the calendar; a user taps again.
    for (let tap = 1; ; tap++) {
      await this.day(day).click();
      try {
        await dialog.root.waitFor({ timeout: tap === 1 ? 7_500 : 15_000 });
        return dialog;
      } catch (error) {
        if (tap === 2) throw error;
      }
    }
  }
}
