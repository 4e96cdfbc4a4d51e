// The ordering screens (spec section 2 "Client home", "Guest home", "Order History"): the
// catalogue, the item-detail, custom-item, cart and 'Current Order' dialogs, the history.
import type { Locator, Page } from 'playwright-core';
import { control, field } from './controls.ts';

export const CUSTOM_ITEM_LINK = "Didn't find items you want? Click here.";

export class Catalogue {
  readonly section: Locator;
  readonly customItem: Locator;

  constructor(readonly page: Page) {
    this.section = page.getByRole('region', { name: 'Available Items' });
    this.customItem = control(page, CUSTOM_ITEM_LINK);
  }

  /** An item's card (a button named by the item's name). */
  item(name: string): Locator {
    return this.section.getByRole('button', { name, exact: true });
  }
}

/** The dialog on top (one is open at a time here). */
export class Dialog {
  readonly root: Locator;
  readonly error: Locator;

  constructor(
    readonly page: Page,
    title: string,
  ) {
    this.root = page.getByRole('dialog', { name: title });
    this.error = this.root.getByRole('alert');
  }

  field(label: string): Locator {
    return field(this.root, label);
  }

  button(name: string): Locator {
    return control(this.root, name);
  }
}

export class ItemDialog extends Dialog {
  readonly size: Locator;
  readonly quantity: Locator;
  readonly add: Locator;

  constructor(page: Page, itemName: string) {
    super(page, itemName);
    this.size = this.field('Size');
    this.quantity = this.field('Quantity');
    this.add = this.button('Add to Cart');
  }
}

export class CustomItemDialog extends Dialog {
  readonly name: Locator;
  readonly quantity: Locator;
  readonly add: Locator;

  constructor(page: Page) {
    super(page, 'Request an Item');
    this.name = this.field('Item Name');
    this.quantity = this.field('Quantity');
    this.add = this.button('Add to Cart');
  }
}

export class CartDialog extends Dialog {
  readonly placeOrder: Locator;
  readonly overview: Locator;

  constructor(page: Page) {
    super(page, 'Cart');
    this.placeOrder = this.button('Place Order');
    this.overview = this.root.getByRole('region', { name: 'Overview' });
  }

  amount(lineName: string): Locator {
    return this.root.getByLabel(`Amount of ${lineName}`, { exact: true });
  }

  remove(lineName: string): Locator {
    return this.root.getByRole('button', { name: `Remove ${lineName}`, exact: true });
  }
}

export class OrderHistory {
  readonly heading: Locator;
  readonly orders: Locator;
  readonly backToHome: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Order History', exact: true });
    this.orders = page.getByRole('main').getByRole('article');
    this.backToHome = control(page, 'Back to Home');
  }

  async goto(): Promise<void> {
    await this.page.goto('/orderhistory');
    await this.heading.waitFor();
  }

  order(orderId: number): Locator {
    return this.page.getByRole('article', { name: `Order #${orderId}`, exact: true });
  }

  /** The order placed on this device and not answered yet. */
  get newOrder(): Locator {
    return this.page.getByRole('article', { name: 'New order', exact: true });
  }
}
