// Supplies can't be drained (beyond-spec.md section 1; issue 14 item 3), on the production
// build against the real server: the admin sets an item's max per order in the inventory
// table; the client's catalogue shows "max N per order", the item dialog caps the quantity at
// it, and the cart flags (and does not send) an order over it or a 4th open order; a refusal
// only the server can know (a guest phone's 2 orders a day) shows in the checkout too.
// Screenshots of the catalogue, the item dialog, the inventory and the checkout refusals, on a
// desktop and a phone, go to test-results/e2e/.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { DESKTOP, PHONE, screenshot, type Viewport } from '../support/chromium.ts';
import { createCatalogueItem, createOrderOnRound } from '../support/factories.ts';
import { accessibilityViolations } from './helpers/axe.ts';
import { aClient, logInAsClient } from './helpers/flows.ts';
import { useE2e } from './helpers/harness.ts';
import { gone, shown } from './helpers/waits.ts';
import { AdminCargoPage } from './pages/admin-cargo-page.ts';
import { anAdmin, logInAsAdmin } from './pages/admin-home-page.ts';
import { control, fieldErrorText } from './pages/controls.ts';
import { LandingPage } from './pages/landing-page.ts';
import { CartDialog, Catalogue, CustomItemDialog, ItemDialog } from './pages/ordering-pages.ts';

const e2e = useE2e();
const db = () => e2e.server.db;

const TOO_MANY_OPEN =
  'You already have 3 open orders, the most one person can have at once. Cancel one, or wait until one is delivered, before ordering again.';
const GUEST_DAILY =
  'This phone number or email has already placed 2 orders in the last 24 hours, the most a guest can place. Please try again later.';

function png(): Promise<Buffer> {
  const background = { r: 200, g: 60, b: 60 };
  return sharp({ create: { width: 64, height: 64, channels: 3, background } })
    .png()
    .toBuffer();
}

const suffix = (viewport: Viewport) => (viewport === PHONE ? 'phone' : 'desktop');

async function orderCount(): Promise<number> {
  const row = await db()
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Watches for order-creation requests the page sends. */
function orderPosts(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/orders\/(guest\/)?create$/.test(request.url()))
      sent.push(request.url());
  });
  return sent;
}

async function fillClientCart(cart: CartDialog) {
  await cart.field('Delivery Address').fill('5 Forbes Ave');
  await cart.field('Phone Number').fill('5550001111');
  await cart.field('Notes').fill('Evening');
}

/**
 * The open cart flags its order with `text` before anything is sent, and Place Order shows
 * the same text as its error. The flag, for a test that waits for it to go.
 */
async function expectCartRefuses(cart: CartDialog, text: string) {
  const flagged = cart.root.getByRole('status');
  await shown(flagged);
  expect(await flagged.textContent()).toBe(text);
  await fillClientCart(cart);
  await cart.placeOrder.click();
  await shown(cart.error);
  expect(await cart.error.textContent()).toBe(text);
  return flagged;
}

describe('max per order', () => {
  it('is edited by the admin in the inventory; the catalogue and item dialog keep to it', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const tag = suffix(viewport);
      const item = await createCatalogueItem(db(), { name: `Naloxone ${tag}`, quantity: 30 });
      const admin = await anAdmin(e2e.server);
      const adminView = await e2e.open(viewport);
      await logInAsAdmin(adminView.page, admin);
      const cargo = new AdminCargoPage(adminView.page);
      await cargo.goto();
      const row = cargo.row(item.name);
      const max = row.getByLabel(`Max per order for ${item.name}`, { exact: true });
      await shown(max);
      expect(await max.inputValue()).toBe('10');

      // The form's own check first, with its message; nothing is sent.
      await max.fill('0');
      await control(row, `Save max per order for ${item.name}`).click();
      await shown(row.getByRole('alert'));
      expect(await row.getByRole('alert').textContent()).toBe(
        'Max per order must be a whole number from 1 to 10000.',
      );
      await max.fill('2');
      await control(row, `Save max per order for ${item.name}`).click();
      await shown(cargo.notice);
      expect(await cargo.notice.textContent()).toBe('Item updated.');
      await gone(row.getByRole('alert'));
      expect(await max.inputValue()).toBe('2');
      const stored = await db()
        .selectFrom('cargo_items')
        .select('max_per_order')
        .where('id', '=', item.id)
        .executeTakeFirstOrThrow();
      expect(stored.max_per_order).toBe(2);
      await screenshot(adminView.page, `order-limits-inventory-${tag}`);
      expect(adminView.errors).toEqual([]);

      // The client: the card says it, the dialog caps the quantity at it.
      const { page, errors } = await e2e.open(viewport);
      const home = await logInAsClient(page, await aClient(e2e.server, 'capped'));
      await home.makeNewOrder.click();
      const catalogue = new Catalogue(page);
      await shown(catalogue.item(item.name));
      expect(await catalogue.item(item.name).textContent()).toContain('max 2 per order');
      await screenshot(page, `order-limits-catalogue-${tag}`);
      await catalogue.item(item.name).click();
      const dialog = new ItemDialog(page, item.name);
      expect(await dialog.quantity.getAttribute('max')).toBe('2');
      await dialog.quantity.fill('5');
      expect(await dialog.quantity.inputValue()).toBe('2');
      expect(await dialog.root.textContent()).toContain('max 2 per order');
      await screenshot(page, `order-limits-item-dialog-${tag}`);
      expect(await accessibilityViolations(page)).toEqual([]);
      await dialog.add.click();
      await gone(dialog.root);

      // A request for something not in the catalogue has the default cap.
      await catalogue.customItem.click();
      const custom = new CustomItemDialog(page);
      await custom.name.fill('Warm coat');
      await custom.quantity.fill('11');
      await custom.add.click();
      await shown(custom.error);
      expect(await custom.error.textContent()).toBe('Warm coat: at most 10 per order');
      await custom.button('Cancel').click();
      await gone(custom.root);

      // Twice is too many: with the cap in the cart, the dialog refuses more in words
      // (issue 20), and the cart's amount stops at the cap.
      await catalogue.item(item.name).click();
      expect(await dialog.add.isDisabled()).toBe(true);
      expect(await dialog.root.textContent()).toContain(
        'Your cart already has 2, the most one order may ask for.',
      );
      await dialog.button('Cancel').click();
      await gone(dialog.root);
      const before = await orderCount();
      await home.cart.click();
      const cart = new CartDialog(page);
      await cart.amount(item.name).fill('4');
      expect(await cart.amount(item.name).inputValue()).toBe('2');
      await screenshot(page, `order-limits-checkout-max-${tag}`);
      expect(await accessibilityViolations(page)).toEqual([]);

      // At the cap it goes through.
      await fillClientCart(cart);
      await cart.placeOrder.click();
      await gone(cart.root);
      expect(await orderCount()).toBe(before + 1);
      expect(errors).toEqual([]);
    }
  });
});

describe('max per order in the item drawers', () => {
  it('is set in Add New Item (multipart, with a picture) and changed in Update Item', async () => {
    const admin = await anAdmin(e2e.server);
    const { page, errors } = await e2e.open(DESKTOP);
    await logInAsAdmin(page, admin);
    const cargo = new AdminCargoPage(page);
    await cargo.goto();
    await cargo.addNewItem.click();
    await shown(cargo.drawer);
    await cargo.fillItem({
      name: 'Naloxone kit',
      quantity: '12',
      image: { name: 'kit.png', mimeType: 'image/png', buffer: await png() },
    });
    expect(await cargo.drawerField('Max per order').inputValue()).toBe('10');
    await cargo.drawerField('Max per order').fill('1.5');
    await control(cargo.drawer, 'Add Item').click();
    expect(await fieldErrorText(cargo.drawerField('Max per order'))).toBe(
      'Max per order must be a whole number from 1 to 10000.',
    );
    await cargo.drawerField('Max per order').fill('3');
    await control(cargo.drawer, 'Add Item').click();
    await gone(cargo.drawer);
    const max = () =>
      db()
        .selectFrom('cargo_items')
        .select(['max_per_order', 'image_id'])
        .where('name', '=', 'Naloxone kit')
        .executeTakeFirstOrThrow();
    const added = await max();
    expect(added.max_per_order).toBe(3);
    expect(added.image_id).not.toBeNull();
    const row = cargo.row('Naloxone kit');
    expect(
      await row.getByLabel('Max per order for Naloxone kit', { exact: true }).inputValue(),
    ).toBe('3');

    await control(row, 'Update Naloxone kit').click();
    await shown(cargo.drawerField('Max per order'));
    expect(await cargo.drawerField('Max per order').inputValue()).toBe('3');
    await cargo.drawerField('Max per order').fill('4');
    await screenshot(page, 'order-limits-update-drawer-desktop');
    await control(cargo.drawer, 'Update Item').click();
    await gone(cargo.drawer);
    expect((await max()).max_per_order).toBe(4);
    expect(errors).toEqual([]);
  });
});

describe('open orders and guest orders', () => {
  it("flags a client's 4th open order in the checkout, and shows the server's guest refusal", async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const tag = suffix(viewport);
      const soap = await createCatalogueItem(db(), { name: `Soap ${tag}`, quantity: 40 });
      const client = await aClient(e2e.server, 'busy');
      for (let i = 0; i < 3; i += 1) await createOrderOnRound(db(), null, { userId: client.id });
      const { page, errors } = await e2e.open(viewport);
      const home = await logInAsClient(page, client);
      await home.makeNewOrder.click();
      const catalogue = new Catalogue(page);
      await shown(catalogue.item(soap.name));
      await catalogue.item(soap.name).click();
      await new ItemDialog(page, soap.name).add.click();
      await shown(home.cartWith(1));
      const sent = orderPosts(page);
      await home.cart.click();
      const cart = new CartDialog(page);
      await expectCartRefuses(cart, TOO_MANY_OPEN);
      await screenshot(page, `order-limits-checkout-open-orders-${tag}`);
      expect(sent).toEqual([]);
      expect(errors).toEqual([]);

      // A guest whose phone already ordered twice today (elsewhere): the server says so.
      const phone = viewport === PHONE ? '4125550177' : '4125550188';
      for (let i = 0; i < 2; i += 1) {
        const res = await page.request.post('/api/orders/guest/create', {
          data: {
            firstName: 'Gale',
            lastName: 'Guest',
            email: `gale-${tag}-${i}@example.org`,
            phone,
            deliveryAddress: 'Corner of 5th and Pine',
            notes: 'Blue tent',
            items: [{ itemName: soap.name, quantity: 1 }],
          },
        });
        expect(res.status()).toBe(200);
      }
      const guest = await e2e.open(viewport);
      await guest.page.goto('/');
      await new LandingPage(guest.page).guest.click();
      await shown(guest.page.getByRole('heading', { name: 'Welcome, Guest!' }));
      await guest.page.getByRole('main').getByText('Make a New Order', { exact: true }).click();
      const guestCatalogue = new Catalogue(guest.page);
      await guestCatalogue.item(soap.name).click();
      await new ItemDialog(guest.page, soap.name).add.click();
      await guest.page.getByRole('banner').getByRole('button', { name: 'Cart (1)' }).click();
      const guestCart = new CartDialog(guest.page);
      await guestCart.field('First Name').fill('Gale');
      await guestCart.field('Last Name').fill('Guest');
      await guestCart.field('Email').fill(`gale-${tag}-third@example.org`);
      await guestCart
        .field('Phone')
        .fill(`(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`);
      await guestCart.field('Delivery Address').fill('Corner of 5th and Pine');
      await guestCart.field('Notes').fill('Blue tent');
      await guestCart.placeOrder.click();
      await shown(guestCart.error);
      expect(await guestCart.error.textContent()).toBe(GUEST_DAILY);
      await screenshot(guest.page, `order-limits-checkout-guest-${tag}`);
      expect(await accessibilityViolations(guest.page)).toEqual([]);
    }
  });
});

describe('order limits offline', () => {
  it("counts the client's queued orders with the mirrored open ones, and flags the 4th", async () => {
    const { page, context } = await e2e.open(PHONE);
    const tea = await createCatalogueItem(db(), { name: 'Tea bags', quantity: 40 });
    const client = await aClient(e2e.server, 'offline');
    for (let i = 0; i < 2; i += 1) await createOrderOnRound(db(), null, { userId: client.id });
    const home = await logInAsClient(page, client);
    await home.makeNewOrder.click();
    const catalogue = new Catalogue(page);
    await shown(catalogue.item(tea.name));
    // The device's copy of the history knows the 2 open orders.
    await home.viewOrders.click();
    await shown(page.getByRole('article').nth(1));
    await page.getByRole('button', { name: 'Back to Home' }).click();
    await home.makeNewOrder.click();
    await shown(catalogue.item(tea.name));

    await context.setOffline(true);
    await catalogue.item(tea.name).click();
    await new ItemDialog(page, tea.name).add.click();
    await home.cart.click();
    const cart = new CartDialog(page);
    await fillClientCart(cart);
    await cart.placeOrder.click();
    await gone(cart.root);
    await shown(page.getByRole('main').getByText('Saved — will send when online', { exact: true }));

    // A 4th: the 2 open and the 1 waiting to send make 3.
    await catalogue.item(tea.name).click();
    await new ItemDialog(page, tea.name).add.click();
    await shown(home.cartWith(1));
    await home.cart.click();
    await expectCartRefuses(cart, TOO_MANY_OPEN);
    await screenshot(page, 'order-limits-offline-checkout-phone');
    await cart.button('Close').click();

    // Back online, the 3rd reaches the server; there is no 4th.
    await context.setOffline(false);
    const open = () =>
      db()
        .selectFrom('orders')
        .select('id')
        .where('user_id', '=', client.id)
        .where('status', '=', 'PENDING')
        .execute();
    await expect.poll(async () => (await open()).length, { timeout: 20_000 }).toBe(3);
  });
});
