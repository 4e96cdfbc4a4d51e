// Ordering for clients and guests (spec sections 2–5 and 8; issue 4 items 2–4), on the
// production build against the real server: the catalogue, the item and custom-item dialogs,
// the cart with every validation text, placing (with the device location), the history,
// cancelling (stock comes back), the guest's 'Current Order'. Screenshots of each screen and
// dialog on a phone and a desktop go to test-results/e2e/.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ORDER_MESSAGES } from '#shared/rules/orders';
import { DESKTOP, PHONE, screenshot, type Viewport } from '../support/chromium.ts';
import { createCatalogueItem } from '../support/factories.ts';
import { accessibilityViolations } from './helpers/axe.ts';
import { aClient, logInAsClient } from './helpers/flows.ts';
import { useE2e } from './helpers/harness.ts';
import { gone, shown } from './helpers/waits.ts';
import { LandingPage } from './pages/landing-page.ts';
import {
  CartDialog,
  Catalogue,
  CustomItemDialog,
  Dialog,
  ItemDialog,
  OrderHistory,
} from './pages/ordering-pages.ts';
import { answerConfirmation } from './helpers/confirm.ts';
import { english } from '../support/english.ts';

const e2e = useE2e();
const db = () => e2e.server.db;

async function seedCatalogue(tag: string) {
  const socks = await createCatalogueItem(db(), { name: `Socks ${tag}`, sizes: { S: 3, M: 10 } });
  const gauze = await createCatalogueItem(db(), { name: `Gauze ${tag}`, quantity: 4 });
  const splints = await createCatalogueItem(db(), { name: `Splints ${tag}`, quantity: 0 });
  return { socks, gauze, splints };
}

async function sizeLeft(itemId: number, label: string): Promise<number> {
  const row = await db()
    .selectFrom('cargo_item_sizes')
    .select('quantity')
    .where('item_id', '=', itemId)
    .where('size_label', '=', label)
    .executeTakeFirstOrThrow();
  return row.quantity;
}

async function errorAfterAdd(dialog: ItemDialog | CustomItemDialog): Promise<string> {
  await dialog.add.click();
  await shown(dialog.error);
  return (await dialog.error.textContent()) ?? '';
}

async function errorAfterPlace(cart: CartDialog): Promise<string> {
  await cart.placeOrder.click();
  await shown(cart.error);
  return (await cart.error.textContent()) ?? '';
}

async function addItem(page: Page, name: string, quantity: number, size?: string) {
  await new Catalogue(page).item(name).click();
  const dialog = new ItemDialog(page, name);
  if (size !== undefined) await dialog.size.selectOption(size);
  await dialog.quantity.fill(String(quantity));
  await dialog.add.click();
  await gone(dialog.root);
}

function shot(page: Page, name: string, viewport: Viewport) {
  return screenshot(page, `ordering-${name}-${viewport === PHONE ? 'phone' : 'desktop'}`);
}

describe('client ordering', () => {
  it('picks a size, places an order with the location, sees it in history, cancels it and the stock returns', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const { page, context, errors } = await e2e.open(viewport);
      await context.grantPermissions(['geolocation']);
      await context.setGeolocation({ latitude: 40.4406, longitude: -79.9959 });
      const tag = viewport === PHONE ? 'p' : 'd';
      const { socks } = await seedCatalogue(tag);
      const client = await aClient(e2e.server, 'orderer');
      const home = await logInAsClient(page, client);
      await home.makeNewOrder.click();
      const catalogue = new Catalogue(page);
      await shown(catalogue.item(socks.name));
      const card = catalogue.item(socks.name);
      expect(await card.textContent()).toContain('Total Stock: 13');
      expect(await card.textContent()).toContain('No Image');
      await shot(page, 'catalogue', viewport);

      await card.click();
      const dialog = new ItemDialog(page, socks.name);
      const options = await dialog.size.locator('option').allTextContents();
      expect(options.sort()).toEqual(['M (10 in stock)', 'S (3 in stock)']);
      await dialog.size.selectOption('S');
      await dialog.quantity.fill('2');
      await shot(page, 'item-dialog', viewport);
      await dialog.add.click();
      await shown(home.cartWith(1));

      await home.cart.click();
      const cart = new CartDialog(page);
      expect(await cart.amount(`${socks.name} (S)`).inputValue()).toBe('2');
      await cart.field('Delivery Address').fill('5 Forbes Ave');
      await cart.field('Notes').fill('Under the bridge');
      expect(await cart.field('Phone Number').inputValue()).toBe(client.phone);
      await shot(page, 'cart', viewport);
      await cart.placeOrder.click();
      const placed = page.getByRole('main').getByRole('status');
      await shown(placed.getByText(/^Order placed successfully\. Order ID: \d+\.$/));
      await shown(home.cartWith(0));
      const orderId = Number(/Order ID: (\d+)/.exec((await placed.textContent()) ?? '')?.[1]);

      const stored = await db()
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
      expect(stored).toMatchObject({
        user_id: client.id,
        status: 'PENDING',
        notes: 'Under the bridge',
      });
      expect(stored.latitude).toBeCloseTo(40.4406, 3);
      expect(stored.longitude).toBeCloseTo(-79.9959, 3);
      expect(await sizeLeft(socks.id, 'S')).toBe(1);
      await shown(catalogue.item(socks.name).getByText('Total Stock: 11'));

      await home.viewOrders.click();
      const history = new OrderHistory(page);
      const order = history.order(orderId);
      await shown(order);
      const text = (await order.textContent()) ?? '';
      for (const part of ['Order ID', 'Address', '5 Forbes Ave', 'Notes', 'Request Time']) {
        expect(text).toContain(part);
      }
      expect(text).toMatch(/Total Items\s*2/);
      expect(text).toContain(`${socks.name} (S) × 2`);
      await shot(page, 'history', viewport);
      expect(await accessibilityViolations(page)).toEqual([]);

      await order.getByRole('button', { name: 'Cancel Order' }).click();
      await answerConfirmation(page, 'Cancel order');
      await gone(order);
      await shown(page.getByText('You have no orders yet.'));
      await expect.poll(() => sizeLeft(socks.id, 'S'), { timeout: 10_000 }).toBe(3);
      const cancelled = await db()
        .selectFrom('orders')
        .select('status')
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
      expect(cancelled.status).toBe('CANCELLED');
      await history.backToHome.click();
      await home.makeNewOrder.click();
      await shown(catalogue.item(socks.name).getByText('Total Stock: 13'));
      expect(errors).toEqual([]);
    }
  });

  it('shows every validation text of the dialogs and the cart, and the server message on a short line', async () => {
    const { page } = await e2e.open(PHONE);
    const { socks, gauze, splints } = await seedCatalogue('v');
    const home = await logInAsClient(page, await aClient(e2e.server, 'checker'));
    await home.makeNewOrder.click();
    const catalogue = new Catalogue(page);
    await shown(catalogue.item(gauze.name));
    expect(await catalogue.item(gauze.name).textContent()).toContain('Low');
    expect(await catalogue.item(splints.name).textContent()).toContain('Out');
    expect(await catalogue.item(socks.name).textContent()).toContain('Fine');
    expect(await accessibilityViolations(page)).toEqual([]);

    await home.cart.click();
    const cart = new CartDialog(page);
    expect(await errorAfterPlace(cart)).toBe(english(ORDER_MESSAGES.cartEmpty));
    expect(await accessibilityViolations(page)).toEqual([]);
    await shot(page, 'cart-empty', PHONE);
    await cart.button('Close').click();

    await catalogue.item(gauze.name).click();
    const item = new ItemDialog(page, gauze.name);
    await item.quantity.fill('0');
    expect(await errorAfterAdd(item)).toBe(english(ORDER_MESSAGES.itemQuantity));
    await item.quantity.fill('2.5');
    expect(await errorAfterAdd(item)).toBe(english(ORDER_MESSAGES.itemQuantity));
    await shot(page, 'item-dialog-error', PHONE);
    expect(await accessibilityViolations(page)).toEqual([]);
    await item.button('Cancel').click();

    await catalogue.customItem.click();
    const custom = new CustomItemDialog(page);
    expect(await custom.quantity.inputValue()).toBe('1');
    expect(await errorAfterAdd(custom)).toBe(english(ORDER_MESSAGES.customItemName));
    await custom.name.fill('Thermal blanket');
    await custom.quantity.fill('0');
    expect(await errorAfterAdd(custom)).toBe(english(ORDER_MESSAGES.customItemQuantity));
    await shot(page, 'custom-item-error', PHONE);
    await custom.quantity.fill('1');
    await custom.add.click();
    await shown(home.cartWith(1));

    // A line with the same name adds to its quantity.
    await catalogue.customItem.click();
    await custom.name.fill('Thermal blanket');
    await custom.quantity.fill('2');
    await custom.add.click();
    // The dialog caps a line at the stock left (issue 20); someone else then takes 2.
    await addItem(page, gauze.name, 4);
    await db().updateTable('cargo_items').set({ quantity: 2 }).where('id', '=', gauze.id).execute();
    await home.cart.click();
    expect(await cart.amount('Thermal blanket').inputValue()).toBe('3');
    expect(await cart.overview.textContent()).toContain('Total Items: 7');
    expect(await accessibilityViolations(page)).toEqual([]);

    await cart.field('Phone Number').fill('');
    expect(await errorAfterPlace(cart)).toBe(english(ORDER_MESSAGES.clientOrderFields));
    await cart.field('Delivery Address').fill('5 Forbes Ave');
    await cart.field('Phone Number').fill('5550001111');
    await cart.field('Notes').fill('Evening');
    expect(await errorAfterPlace(cart)).toBe(`${gauze.name}: only 2 left`);
    await shot(page, 'cart-refused', PHONE);

    // The refused cart is still there to change: 0 orders none of a line, Remove drops it.
    await cart.amount(gauze.name).fill('0');
    expect(await cart.overview.textContent()).toContain('Total Items: 3');
    await cart.remove('Thermal blanket').click();
    await gone(cart.amount('Thermal blanket'));
    expect(await errorAfterPlace(cart)).toBe(english(ORDER_MESSAGES.cartEmpty));
  });
});

describe('guest ordering', () => {
  it("places a guest order and shows the 'Current Order' dialog", async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, errors } = await e2e.open(viewport);
      const { gauze } = await seedCatalogue(viewport === PHONE ? 'gp' : 'gd');
      await page.goto('/');
      await new LandingPage(page).guest.click();
      await shown(page.getByRole('heading', { name: 'Welcome, Guest!' }));
      await page.getByRole('main').getByText('Make a New Order', { exact: true }).click();
      await addItem(page, gauze.name, 1);
      const cartButton = page.getByRole('banner').getByRole('button', { name: 'Cart (1)' });
      await shown(cartButton);
      await shot(page, 'guest-home', viewport);
      await cartButton.click();
      const cart = new CartDialog(page);
      expect(await errorAfterPlace(cart)).toBe(english(ORDER_MESSAGES.guestAddress));
      await cart.field('Delivery Address').fill('Bus shelter, 5th Ave');
      expect(await errorAfterPlace(cart)).toBe(english(ORDER_MESSAGES.guestFields));
      await cart.field('First Name').fill('Ada');
      await cart.field('Last Name').fill('Lovelace');
      await cart.field('Email').fill('ada@example.org');
      await cart.field('Phone').fill('5551234567');
      await cart.field('Notes').fill('Blue tent');
      await shot(page, 'guest-cart', viewport);
      await cart.placeOrder.click();

      const current = new Dialog(page, 'Current Order');
      await shown(current.root);
      const text = (await current.root.textContent()) ?? '';
      expect(text).toContain('Please save this information');
      expect(text).toContain('PENDING');
      const orderId = Number(/Order ID:?\s*(\d+)/.exec(text)?.[1]);
      await shot(page, 'current-order', viewport);
      const stored = await db()
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
      expect(stored).toMatchObject({
        order_type: 'GUEST',
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'ada@example.org',
        delivery_address: 'Bus shelter, 5th Ave',
        notes: 'Name: Ada Lovelace. Notes: Blue tent',
      });
      await current.button('Close').click();
      await gone(current.root);
      await shown(page.getByRole('banner').getByRole('button', { name: 'Cart (0)' }));
      expect(errors).toEqual([]);
    }
  });

  it('tells a guest that order history is not available', async () => {
    const { page } = await e2e.open(PHONE);
    await page.goto('/');
    await new LandingPage(page).guest.click();
    await shown(page.getByRole('heading', { name: 'Welcome, Guest!' }));
    await page.goto('/orderhistory');
    await shown(
      page.getByRole('alert').getByText(english(ORDER_MESSAGES.orderHistoryGuest), { exact: true }),
    );
    await shot(page, 'history-guest', PHONE);
  });
});
