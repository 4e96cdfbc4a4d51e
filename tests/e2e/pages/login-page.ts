// /login (spec section 2 "Login").
import type { Locator, Page } from 'playwright-core';
import { control, field, formError } from './controls.ts';

export class LoginPage {
  readonly heading: Locator;
  readonly username: Locator;
  readonly password: Locator;
  readonly logIn: Locator;
  readonly signUp: Locator;
  readonly forgotPassword: Locator;
  readonly goBack: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Login', exact: true });
    this.username = field(page, 'Email or UserName');
    this.password = field(page, 'Password');
    this.logIn = control(page, 'Log in');
    this.signUp = control(page.getByRole('main'), 'Sign up');
    this.forgotPassword = control(page, 'Forgot Password?');
    this.goBack = control(page, 'Go Back');
    this.error = formError(page);
  }

  async goto(): Promise<void> {
    await this.page.goto('/login');
    await this.heading.waitFor();
  }

  /** Fills both fields and submits; resolves once the server answered the login call. */
  async logInAs(username: string, password: string): Promise<void> {
    await this.username.fill(username);
    await this.password.fill(password);
    await Promise.all([
      this.page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/login'),
      this.logIn.click(),
    ]);
  }
}
