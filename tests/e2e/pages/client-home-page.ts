// '/' for a signed-in client: the header's actions (spec section 2 "Client home").
import type { Locator, Page } from 'playwright-core';
import { control } from './controls.ts';

export class ClientHomePage {
  readonly profile: Locator;
  readonly cart: Locator;
  readonly feedback: Locator;
  readonly logOut: Locator;
  readonly viewOrders: Locator;
  readonly makeNewOrder: Locator;

  constructor(readonly page: Page) {
    const nav = page.getByRole('banner');
    this.profile = control(nav, 'Profile');
    // 'Cart (N)': the name carries the cart's count.
    this.cart = nav.getByRole('button', { name: /^Cart \(\d+\)$/ });
    this.feedback = control(nav, 'Feedback');
    this.logOut = control(nav, 'Log Out');
    // Cards named by their titles (a link and a button: keyboard specs focus them).
    this.viewOrders = control(page.getByRole('main'), 'View Orders');
    this.makeNewOrder = control(page.getByRole('main'), 'Make a New Order');
  }

  /** The Cart button while the cart holds `lines` lines. */
  cartWith(lines: number): Locator {
    return this.page.getByRole('banner').getByRole('button', { name: `Cart (${lines})` });
  }

  greeting(username: string): Locator {
    return this.page.getByRole('banner').getByText(username, { exact: false });
  }
}
