// /register: two steps (spec section 2 "Register").
import type { Locator, Page } from 'playwright-core';
import { control, field, formError } from './controls.ts';

export interface RegisterInput {
  username: string;
  email?: string;
  phone?: string;
  firstName?: string;
  lastName?: string;
  password: string;
  confirmPassword?: string;
}

export class RegisterPage {
  readonly heading: Locator;
  readonly secureEstablished: Locator;
  // Step 1
  readonly username: Locator;
  readonly email: Locator;
  readonly phone: Locator;
  readonly next: Locator;
  // Step 2
  readonly firstName: Locator;
  readonly lastName: Locator;
  readonly password: Locator;
  readonly confirmPassword: Locator;
  readonly signUp: Locator;
  readonly back: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.heading = page.getByRole('heading', { name: 'Sign up', exact: true });
    this.secureEstablished = page.getByText('Secure connection established', { exact: true });
    this.username = field(main, 'Username');
    this.email = field(main, 'Email');
    this.phone = field(main, 'Phone');
    this.next = control(main, 'Next');
    this.firstName = field(main, 'First Name');
    this.lastName = field(main, 'Last Name');
    this.password = field(main, 'Password');
    this.confirmPassword = field(main, 'Confirm Password');
    this.signUp = main.getByRole('button', { name: 'Sign up', exact: true });
    this.back = control(main, 'Back');
    this.error = formError(page);
  }

  async goto(): Promise<void> {
    await this.page.goto('/register');
    await this.heading.waitFor();
  }

  async fillStepOne(input: Pick<RegisterInput, 'username' | 'email' | 'phone'>): Promise<void> {
    await this.username.fill(input.username);
    await this.email.fill(input.email ?? '');
    await this.phone.fill(input.phone ?? '');
    await this.next.click();
  }

  async fillStepTwo(input: Omit<RegisterInput, 'username' | 'email' | 'phone'>): Promise<void> {
    await this.firstName.fill(input.firstName ?? '');
    await this.lastName.fill(input.lastName ?? '');
    await this.password.fill(input.password);
    await this.confirmPassword.fill(input.confirmPassword ?? input.password);
    await this.signUp.click();
  }
}
