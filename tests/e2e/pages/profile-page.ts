// /profile: 'Update Profile', one field at a time (spec section 2 "Profile").
import type { Locator, Page } from 'playwright-core';
import { control, field, formError } from './controls.ts';

export type ProfileChoice = 'Username' | 'Email' | 'Password' | 'Phone Number';

export class ProfilePage {
  readonly heading: Locator;
  readonly newUsername: Locator;
  readonly newEmail: Locator;
  readonly newPassword: Locator;
  readonly confirmNewPassword: Locator;
  readonly newPhone: Locator;
  readonly currentPassword: Locator;
  readonly submit: Locator;
  readonly cancel: Locator;
  readonly error: Locator;
  /** The email panel (beyond-spec.md "Email ownership"). */
  readonly emailProven: Locator;
  readonly emailUnproven: Locator;
  readonly sendVerificationCode: Locator;
  readonly verificationCode: Locator;
  readonly verifyEmail: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.heading = page.getByRole('heading', { name: 'Update Profile', exact: true });
    this.newUsername = field(main, 'New Username');
    this.newEmail = field(main, 'New Email');
    this.newPassword = field(main, 'New Password');
    this.confirmNewPassword = field(main, 'Confirm New Password');
    this.newPhone = field(main, 'New Phone Number');
    this.currentPassword = field(main, 'Current Password');
    this.submit = control(main, 'Submit');
    this.cancel = control(main, 'Cancel');
    this.error = formError(page);
    this.emailProven = main.getByText('Email verified', { exact: true });
    this.emailUnproven = main.getByText('Email not verified', { exact: true });
    this.sendVerificationCode = control(main, 'Send verification code');
    this.verificationCode = field(main, 'Verification code');
    this.verifyEmail = control(main, 'Verify email');
  }

  async goto(): Promise<void> {
    await this.page.goto('/profile');
    await this.heading.waitFor();
  }

  async choose(choice: ProfileChoice): Promise<void> {
    await this.page.getByRole('main').getByRole('radio', { name: choice, exact: true }).check();
  }
}
