// '/cargo_admin' (spec section 2 "Cargo admin"): the inventory, Refresh and the two drawers.
import type { Locator, Page } from 'playwright-core';
import { shown } from '../helpers/waits.ts';
import { adminTable, rowWith } from './admin-table.ts';
import { control, field } from './controls.ts';

export interface NewItem {
  name: string;
  description?: string;
  category?: string;
  quantity?: string;
  sizes?: [string, string][];
  image?: { name: string; mimeType: string; buffer: Buffer };
}

export class AdminCargoPage {
  readonly heading: Locator;
  readonly table: Locator;
  readonly addNewItem: Locator;
  readonly updateItem: Locator;
  readonly refresh: Locator;
  readonly goBack: Locator;
  readonly drawer: Locator;
  readonly notice: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Cargo Management System' });
    this.table = adminTable(page, 'Inventory');
    this.addNewItem = control(page, 'Add New Item');
    this.updateItem = control(page.getByRole('main'), 'Update Item');
    this.refresh = control(page, 'Refresh');
    this.goBack = control(page, 'Go Back');
    this.drawer = page.getByRole('dialog');
    // The page's record of the last action (the status region says it; ui/form-message.tsx).
    this.notice = page.getByRole('main').getByTestId('action-record');
  }

  async goto(): Promise<void> {
    await this.page.goto('/cargo_admin');
    await shown(this.heading);
  }

  row(name: string): Locator {
    return rowWith(this.table, name);
  }

  drawerField(label: string): Locator {
    return field(this.drawer, label);
  }

  drawerError(): Locator {
    return this.drawer.getByRole('alert');
  }

  async fillItem(item: NewItem): Promise<void> {
    await this.drawerField('Name').fill(item.name);
    if (item.description !== undefined)
      await this.drawerField('Description').fill(item.description);
    if (item.category !== undefined) await this.drawerField('Category').fill(item.category);
    if (item.quantity !== undefined) await this.drawerField('Quantity').fill(item.quantity);
    for (const [index, [label, quantity]] of (item.sizes ?? []).entries()) {
      await control(this.drawer, 'Add Size').click();
      await this.drawerField(`Size ${index + 1}`).fill(label);
      await this.drawerField(`Quantity of size ${index + 1}`).fill(quantity);
    }
    if (item.image !== undefined) {
      await this.drawer.getByLabel(/^(Image|Replace image)/).setInputFiles(item.image);
    }
  }

  /** Opens 'Add New Item', fills it and submits; resolves once the server answered. */
  async addItem(item: NewItem): Promise<void> {
    await this.addNewItem.click();
    await shown(this.drawer);
    await this.fillItem(item);
    await Promise.all([
      this.page.waitForResponse((r) => new URL(r.url()).pathname === '/api/cargo/items'),
      control(this.drawer, 'Add Item').click(),
    ]);
  }
}
