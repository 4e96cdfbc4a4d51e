// The landing page at / when nobody is signed in (spec section 2 "Routes").
import type { Locator, Page } from 'playwright-core';
import { control } from './controls.ts';

export const LANDING_NAV = ['Volunteer Application', 'Guest', 'Login', 'Sign up'] as const;

export class LandingPage {
  readonly volunteerApplication: Locator;
  readonly guest: Locator;
  readonly login: Locator;
  readonly signUp: Locator;

  constructor(readonly page: Page) {
    this.volunteerApplication = control(page, 'Volunteer Application');
    this.guest = control(page, 'Guest');
    this.login = control(page, 'Login');
    this.signUp = control(page, 'Sign up');
  }

  navButton(name: (typeof LANDING_NAV)[number]): Locator {
    return control(this.page, name);
  }
}
