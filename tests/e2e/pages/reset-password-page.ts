// /reset_password: request a code, then the code and a new password (spec section 2
// "Password recovery").
import type { Locator, Page } from 'playwright-core';
import { control, field, formError } from './controls.ts';

export class ResetPasswordPage {
  readonly requestHeading: Locator;
  readonly verifyHeading: Locator;
  readonly email: Locator;
  readonly sendCode: Locator;
  /** Step 1's way to step 2 for a code that came by mail. */
  readonly haveCode: Locator;
  readonly otp: Locator;
  readonly newPassword: Locator;
  readonly resetPassword: Locator;
  readonly sendNewCode: Locator;
  readonly goToLogin: Locator;
  readonly goBack: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.requestHeading = page.getByRole('heading', {
      name: 'Request a Recovery Code',
      exact: true,
    });
    this.verifyHeading = page.getByRole('heading', {
      name: 'Enter OTP & New Password',
      exact: true,
    });
    this.email = field(main, 'Email');
    this.sendCode = control(main, 'Send Recovery Code');
    this.haveCode = control(main, 'I already have a code');
    this.otp = field(main, 'OTP');
    this.newPassword = field(main, 'New Password');
    this.resetPassword = control(main, 'Reset Password');
    this.sendNewCode = control(main, 'Send a new code');
    this.goToLogin = control(main, 'Go to Login');
    this.goBack = control(page, 'Go Back');
    this.error = formError(page);
  }

  async goto(): Promise<void> {
    await this.page.goto('/reset_password');
    await this.requestHeading.waitFor();
  }

  /** Opens a link as a mail gives it (its path and query, on this server's origin). */
  async gotoLink(link: string): Promise<void> {
    const url = new URL(link);
    await this.page.goto(`${url.pathname}${url.search}`);
    await this.requestHeading.waitFor();
  }

  async requestCode(email: string): Promise<void> {
    await this.email.fill(email);
    await this.sendCode.click();
  }

  async verify(input: { email?: string; otp: string; newPassword: string }): Promise<void> {
    if (input.email !== undefined) await this.email.fill(input.email);
    await this.otp.fill(input.otp);
    await this.newPassword.fill(input.newPassword);
    await this.resetPassword.click();
  }
}
