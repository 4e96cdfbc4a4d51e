// '/admin/orders' (spec section 2 "Admin orders").
import type { Locator, Page } from 'playwright-core';
import { shown } from '../helpers/waits.ts';
import { adminTable, rowWith } from './admin-table.ts';
import { control } from './controls.ts';

export class AdminOrdersPage {
  readonly heading: Locator;
  readonly table: Locator;
  readonly refresh: Locator;
  readonly goBack: Locator;
  readonly notice: Locator;
  readonly empty: Locator;
  readonly loadMore: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'All Orders' });
    this.table = adminTable(page, 'Orders');
    this.refresh = control(page, 'Refresh');
    this.goBack = control(page, 'Go Back');
    // The page's record of the last action (the status region says it; ui/form-message.tsx).
    this.notice = page.getByRole('main').getByTestId('action-record');
    this.empty = page.getByRole('main').getByText('No orders.', { exact: true });
    this.loadMore = control(page, 'Load more orders');
  }

  /** How many different orders the table shows (it has a row per item). */
  async orderCount(): Promise<number> {
    const ids = await this.table
      .locator('tr[data-order-id]')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-order-id')));
    return new Set(ids).size;
  }

  async goto(): Promise<void> {
    await this.page.goto('/admin/orders');
    await shown(this.heading);
  }

  filter(status: 'PENDING' | 'COMPLETED' | 'CANCELLED'): Locator {
    return this.page.getByRole('button', { name: status, exact: true });
  }

  /** Every row (one per item) of the order. */
  rows(orderId: number): Locator {
    return this.table.locator(`tr[data-order-id="${orderId}"]`);
  }

  cancel(orderId: number): Locator {
    return control(this.rows(orderId), 'Cancel');
  }

  roundSelect(orderId: number): Locator {
    return this.page.getByLabel(`Round for order ${orderId}`);
  }

  rowWith(cell: string | number): Locator {
    return rowWith(this.table, cell);
  }
}
