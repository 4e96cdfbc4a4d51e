// Ordering with no signal (issue 4 item 5), on the production build and its service worker
// against the real server: an order placed offline shows at once in the history as waiting
// to send, the stock shown subtracts it, it and the cart survive a reload offline, and it
// reaches the server exactly once when the network returns. An order the server refuses on
// replay (stock gone meanwhile) lands under "Needs attention" with the server's message, and
// 'Back to cart' lets the client change it and send it again.
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { processImage } from '#server/cargo/image-processing';
import { insertImage } from '#server/cargo/images.repository';
import { PHONE, screenshot } from '../support/chromium.ts';
import { createCatalogueItem } from '../support/factories.ts';
import { aClient, logInAsClient, type TestClient } from './helpers/flows.ts';
import { useE2e } from './helpers/harness.ts';
import { gone, shown } from './helpers/waits.ts';
import type { ClientHomePage } from './pages/client-home-page.ts';
import { LandingPage } from './pages/landing-page.ts';
import { CartDialog, Catalogue, Dialog, ItemDialog, OrderHistory } from './pages/ordering-pages.ts';

const QUEUED_TEXT = 'Saved — will send when online';

const e2e = useE2e();
const db = () => e2e.server.db;

async function ordersOf(client: TestClient) {
  return db()
    .selectFrom('orders')
    .innerJoin('order_items', 'order_items.order_id', 'orders.id')
    .select(['orders.id', 'orders.status', 'order_items.item_name', 'order_items.quantity'])
    .where('orders.user_id', '=', client.id)
    .execute();
}

/** Gives the item a real uploaded picture (a plain teal rectangle), as the admin would. */
async function withImage(itemId: number): Promise<void> {
  const png = await sharp({
    create: { width: 400, height: 300, channels: 3, background: '#2a9d8f' },
  })
    .png()
    .toBuffer();
  const image = await processImage(png);
  await db()
    .transaction()
    .execute(async (trx) => {
      await insertImage(trx, image, new Date());
      await trx
        .updateTable('cargo_items')
        .set({ image_id: image.id })
        .where('id', '=', itemId)
        .execute();
    });
}

/** True once the item card's picture has loaded (from the network or the worker's cache). */
async function pictureShown(page: Page, itemName: string): Promise<boolean> {
  const img = new Catalogue(page).item(itemName).getByRole('img', { name: itemName });
  await shown(img);
  return img.evaluate(
    (el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0,
  );
}

/** Waits until the service worker controls the page, so a reload offline is served by it. */
async function controlledByWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller !== null) return;
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
    );
  });
}

async function addToCart(page: Page, name: string, quantity: number): Promise<void> {
  await new Catalogue(page).item(name).click();
  const dialog = new ItemDialog(page, name);
  await dialog.quantity.fill(String(quantity));
  await dialog.add.click();
  await gone(dialog.root);
}

async function placeFromCart(page: Page, home: ClientHomePage): Promise<CartDialog> {
  await home.cart.click();
  const cart = new CartDialog(page);
  await cart.field('Delivery Address').fill('Under the 10th St bridge');
  await cart.field('Notes').fill('Gray tent');
  await cart.placeOrder.click();
  return cart;
}

async function readyClient(page: Page, itemName: string) {
  const client = await aClient(e2e.server, 'offline');
  const home = await logInAsClient(page, client);
  await controlledByWorker(page);
  await home.makeNewOrder.click();
  await shown(new Catalogue(page).item(itemName));
  return { client, home };
}

describe('ordering offline', () => {
  it('queues an order offline, keeps it and the cart over a reload, and sends it exactly once', async () => {
    const { page, context } = await e2e.open(PHONE);
    const gauze = await createCatalogueItem(db(), { name: 'Gauze roll', quantity: 10 });
    await withImage(gauze.id);
    const { client, home } = await readyClient(page, gauze.name);
    const catalogue = new Catalogue(page);
    await expect.poll(() => pictureShown(page, gauze.name)).toBe(true);
    await addToCart(page, gauze.name, 3);

    await context.setOffline(true);
    const cart = await placeFromCart(page, home);
    await gone(cart.root);
    await shown(page.getByRole('main').getByText(QUEUED_TEXT, { exact: true }));
    // The stock shown subtracts what this device has queued.
    await shown(catalogue.item(gauze.name).getByText('Total Stock: 7'));
    await addToCart(page, gauze.name, 1);
    await shown(home.cartWith(1));
    await screenshot(page, 'ordering-offline-queued-phone');

    await home.viewOrders.click();
    const history = new OrderHistory(page);
    await shown(history.newOrder.getByText('Waiting to send'));
    await page.reload();
    await shown(history.newOrder.getByText('Waiting to send'));
    expect(await history.newOrder.textContent()).toContain('Gauze roll × 3');
    await screenshot(page, 'ordering-offline-history-phone');
    await history.backToHome.click();
    await shown(home.cartWith(1));
    // The picture seen online comes from the worker's cache now.
    await home.makeNewOrder.click();
    await expect.poll(() => pictureShown(page, gauze.name)).toBe(true);
    expect(await ordersOf(client)).toEqual([]);

    await context.setOffline(false);
    await expect.poll(() => ordersOf(client), { timeout: 20_000 }).toHaveLength(1);
    await home.viewOrders.click();
    const [order] = await ordersOf(client);
    await shown(history.order(order!.id));
    await gone(history.newOrder);
    // Nothing is sent twice: the same order, once, with what was queued.
    expect(await ordersOf(client)).toEqual([
      { id: order!.id, status: 'PENDING', item_name: 'Gauze roll', quantity: 3 },
    ]);
  });

  it("lands a refused replay in Needs attention; 'Back to cart' lets the client change it and resend", async () => {
    const { page, context } = await e2e.open(PHONE);
    const gauze = await createCatalogueItem(db(), { name: 'Ice pack', quantity: 4 });
    const { client, home } = await readyClient(page, gauze.name);
    await addToCart(page, gauze.name, 3);
    await context.setOffline(true);
    await placeFromCart(page, home);
    await shown(page.getByRole('main').getByText(QUEUED_TEXT, { exact: true }));

    // Someone else takes the stock while this device is offline.
    await db().updateTable('cargo_items').set({ quantity: 1 }).where('id', '=', gauze.id).execute();
    await context.setOffline(false);
    const attention = page.getByRole('group', { name: 'Order (3 items)' });
    await shown(attention.getByText('Ice pack: only 1 left'));
    await screenshot(page, 'ordering-offline-needs-attention-phone');
    expect(await ordersOf(client)).toEqual([]);

    await attention.getByRole('button', { name: 'Back to cart' }).click();
    const cart = new CartDialog(page);
    await shown(cart.root);
    expect(await cart.amount(gauze.name).inputValue()).toBe('3');
    expect(await cart.field('Delivery Address').inputValue()).toBe('Under the 10th St bridge');
    await gone(attention);
    await cart.amount(gauze.name).fill('1');
    await cart.placeOrder.click();
    await shown(page.getByRole('main').getByText(/^Order placed successfully\./));
    const orders = await ordersOf(client);
    expect(orders).toEqual([
      { id: orders[0]!.id, status: 'PENDING', item_name: 'Ice pack', quantity: 1 },
    ]);
  });

  it("sends a guest order queued offline and then shows its 'Current Order' dialog", async () => {
    const { page, context } = await e2e.open(PHONE);
    const tape = await createCatalogueItem(db(), { name: 'Tape', quantity: 20 });
    await page.goto('/');
    await new LandingPage(page).guest.click();
    await controlledByWorker(page);
    await page.getByRole('main').getByText('Make a New Order', { exact: true }).click();
    await shown(new Catalogue(page).item(tape.name));
    await addToCart(page, tape.name, 2);
    await context.setOffline(true);
    await page.getByRole('banner').getByRole('button', { name: 'Cart (1)' }).click();
    const cart = new CartDialog(page);
    for (const [label, value] of [
      ['First Name', 'Ada'],
      ['Last Name', 'Lovelace'],
      ['Email', 'ada@example.org'],
      ['Phone', '5551234567'],
      ['Delivery Address', 'Bus shelter'],
      ['Notes', 'Blue tent'],
    ] as const) {
      await cart.field(label).fill(value);
    }
    await cart.placeOrder.click();
    const pending = page.getByRole('list', { name: 'Orders waiting to send' });
    await shown(pending.getByText(QUEUED_TEXT, { exact: true }));
    expect(await pending.textContent()).toContain('Guest order (2 items)');
    await screenshot(page, 'ordering-offline-guest-queued-phone');

    await context.setOffline(false);
    const current = new Dialog(page, 'Current Order');
    await shown(current.root, 20_000);
    const guestOrders = await db()
      .selectFrom('orders')
      .select(['id', 'email'])
      .where('email', '=', 'ada@example.org')
      .execute();
    expect(guestOrders).toHaveLength(1);
    expect(await current.root.textContent()).toContain(`Order ID${guestOrders[0]!.id}`);
    await current.button('Close').click();
    await gone(current.root);
    await gone(pending);
  });
});
