// The public forms that go through the outbox (spec section 2 "Feedback" and "Volunteer
// application"): /feedback and the 'JOIN US' form at /volunteerAppli.
import type { Locator, Page } from 'playwright-core';
import { shown } from '../helpers/waits.ts';
import { control, field, formError, note } from './controls.ts';

export class FeedbackForm {
  readonly heading: Locator;
  readonly phoneNumber: Locator;
  readonly content: Locator;
  readonly submit: Locator;
  readonly cancel: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.heading = page.getByRole('heading', { name: 'Feedback', exact: true });
    this.phoneNumber = field(main, 'Phone Number');
    this.content = field(main, 'Feedback');
    this.submit = control(main, 'Submit');
    this.cancel = control(main, 'Cancel');
    this.error = formError(page);
  }

  async goto(): Promise<void> {
    await this.page.goto('/feedback');
    await this.heading.waitFor();
  }

  async send(phoneNumber: string, content: string): Promise<void> {
    await this.phoneNumber.fill(phoneNumber);
    await this.content.fill(content);
    await this.submit.click();
  }
}

export interface Application {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  notes?: string;
}

export class JoinUsForm {
  readonly heading: Locator;
  readonly firstName: Locator;
  readonly lastName: Locator;
  readonly email: Locator;
  readonly phone: Locator;
  readonly notes: Locator;
  readonly submit: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.heading = page.getByRole('heading', { name: 'JOIN US', exact: true });
    this.firstName = field(main, 'First Name');
    this.lastName = field(main, 'Last Name');
    this.email = field(main, 'Email');
    this.phone = field(main, 'Phone');
    this.notes = field(main, 'Notes');
    this.submit = control(main, 'Submit');
    this.error = formError(page);
  }

  async goto(): Promise<void> {
    await this.page.goto('/volunteerAppli');
    await this.heading.waitFor();
  }

  async send(application: Application): Promise<void> {
    await this.firstName.fill(application.firstName);
    await this.lastName.fill(application.lastName);
    await this.email.fill(application.email);
    await this.phone.fill(application.phone);
    await this.notes.fill(application.notes ?? '');
    await this.submit.click();
  }

  /**
   * Sends `application` online, then the same one again offline, and comes back online: the
   * server refuses the copy (that email already waits for review), so it lands under Needs
   * attention.
   */
  async sendWithARefusedCopy(application: Application): Promise<void> {
    await this.send(application);
    await shown(note(this.page, 'Thank you! Your application has been submitted.'));
    await this.page.context().setOffline(true);
    await this.send(application);
    await shown(note(this.page, 'Saved — will send when online'));
    await this.page.context().setOffline(false);
  }
}
