// Ordering screens and dialogs for clients and guests (spec section 2 "Client home", "Guest
// home", "Order History"; issue 7 item 6) on a phone: axe's WCAG 2.1 A/AA rules find nothing
// on each screen and dialog (with their validation messages showing), Tab reaches every control
// of each home, the main actions work from the keyboard, and each dialog takes focus, traps it
// and gives it back to the control that opened it.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE } from '../support/chromium.ts';
import { createCatalogueItem } from '../support/factories.ts';
import { AxeLog } from './helpers/axe.ts';
import { aClient, logInAsClient } from './helpers/flows.ts';
import { useE2e } from './helpers/harness.ts';
import {
  checkDialogKeyboard,
  isFocused,
  tabThroughPage,
  WELL_BEHAVED,
} from './helpers/keyboard.ts';
import { gone, shown } from './helpers/waits.ts';
import { control } from './pages/controls.ts';
import { LandingPage } from './pages/landing-page.ts';
import {
  CartDialog,
  Catalogue,
  CustomItemDialog,
  Dialog,
  ItemDialog,
  OrderHistory,
} from './pages/ordering-pages.ts';

const e2e = useE2e();

async function seedCatalogue(tag: string) {
  const socks = await createCatalogueItem(e2e.server.db, {
    name: `Socks ${tag}`,
    sizes: { S: 3, M: 10 },
  });
  const gauze = await createCatalogueItem(e2e.server.db, { name: `Gauze ${tag}`, quantity: 4 });
  return { socks, gauze };
}

/** Opens the item's dialog, asks for `quantity` and adds it to the cart. */
async function addItem(page: Page, name: string, quantity: number): Promise<void> {
  await new Catalogue(page).item(name).click();
  const dialog = new ItemDialog(page, name);
  await dialog.quantity.fill(String(quantity));
  await dialog.add.click();
  await gone(dialog.root);
}

async function openGuestHome(page: Page): Promise<void> {
  await page.goto('/');
  await new LandingPage(page).guest.click();
  await shown(page.getByRole('heading', { name: 'Welcome, Guest!' }));
}

function makeNewOrder(page: Page) {
  return control(page.getByRole('main'), 'Make a New Order');
}

describe('ordering accessibility (axe)', () => {
  it('client home, its three dialogs with their errors, and the order history', async () => {
    const { page } = await e2e.open(PHONE);
    const { gauze } = await seedCatalogue('ca');
    const home = await logInAsClient(page, await aClient(e2e.server, 'axe'));
    const axe = new AxeLog(page);
    await axe.scan('client home');
    await home.makeNewOrder.click();
    const catalogue = new Catalogue(page);
    await shown(catalogue.item(gauze.name));
    await axe.scan('catalogue');

    await catalogue.item(gauze.name).click();
    const item = new ItemDialog(page, gauze.name);
    await item.quantity.fill('0');
    await item.add.click();
    await shown(item.error);
    await axe.scan('item dialog with an error');
    await item.button('Cancel').click();

    await catalogue.customItem.click();
    const custom = new CustomItemDialog(page);
    await custom.add.click();
    await shown(custom.error);
    await axe.scan('custom-item dialog with an error');
    await custom.button('Cancel').click();

    await addItem(page, gauze.name, 2);
    await home.cart.click();
    const cart = new CartDialog(page);
    await cart.placeOrder.click();
    await shown(cart.error);
    await axe.scan('cart with a validation message');
    await cart.button('Close').click();

    const history = new OrderHistory(page);
    await home.viewOrders.click();
    await shown(page.getByText('You have no orders yet.'));
    await axe.scan('order history without orders');
    await history.backToHome.click();

    await home.cart.click();
    await cart.field('Delivery Address').fill('5 Forbes Ave');
    await cart.field('Notes').fill('Evening');
    await cart.placeOrder.click();
    await shown(page.getByRole('main').getByText(/^Order placed successfully\./));
    await axe.scan('client home after placing');
    await home.viewOrders.click();
    await shown(history.orders.first());
    await axe.scan('order history with an order');
    expect(axe.found).toEqual([]);
  });

  it("guest home, the cart with the guest fields, 'Current Order' and the history note", async () => {
    const { page } = await e2e.open(PHONE);
    const { gauze } = await seedCatalogue('ga');
    await openGuestHome(page);
    const axe = new AxeLog(page);
    await axe.scan('guest home');
    await makeNewOrder(page).click();
    await addItem(page, gauze.name, 1);
    await page.getByRole('banner').getByRole('button', { name: 'Cart (1)' }).click();
    const cart = new CartDialog(page);
    await cart.field('Delivery Address').fill('Bus shelter, 5th Ave');
    await cart.placeOrder.click();
    await shown(cart.error);
    await axe.scan('guest cart with a validation message');

    await cart.field('First Name').fill('Ada');
    await cart.field('Last Name').fill('Lovelace');
    await cart.field('Email').fill('ada@example.org');
    await cart.field('Phone').fill('5551234567');
    await cart.field('Notes').fill('Blue tent');
    await cart.placeOrder.click();
    const current = new Dialog(page, 'Current Order');
    await shown(current.root);
    await axe.scan('Current Order dialog');
    await current.button('Close').click();

    await page.goto('/orderhistory');
    await shown(page.getByRole('alert'));
    await axe.scan('order history for a guest');
    expect(axe.found).toEqual([]);
  });
});

describe('ordering by keyboard', () => {
  it('a client reaches every control of the home by Tab and works the dialogs', async () => {
    const { page } = await e2e.open(PHONE);
    const { gauze } = await seedCatalogue('ck');
    const home = await logInAsClient(page, await aClient(e2e.server, 'keys'));
    await home.makeNewOrder.focus();
    await page.keyboard.press('Enter');
    const catalogue = new Catalogue(page);
    await shown(catalogue.item(gauze.name));
    const walk = await tabThroughPage(page);
    expect(walk.missed).toEqual([]);
    expect(walk.reached.join('\n')).toContain(gauze.name);

    const item = new ItemDialog(page, gauze.name);
    expect(await checkDialogKeyboard(catalogue.item(gauze.name), item.root)).toEqual(WELL_BEHAVED);
    const custom = new CustomItemDialog(page);
    expect(
      await checkDialogKeyboard(catalogue.customItem, custom.root, {
        prepare: async () => {
          await page.keyboard.press('Enter');
          await shown(custom.error);
        },
      }),
    ).toEqual(WELL_BEHAVED);

    // Add to Cart with the keyboard: Space on the card, Enter in the quantity field.
    await catalogue.item(gauze.name).focus();
    await page.keyboard.press('Space');
    await item.quantity.fill('2');
    await item.quantity.press('Enter');
    await gone(item.root);
    await shown(home.cartWith(1));
    const cart = new CartDialog(page);
    expect(
      await checkDialogKeyboard(home.cart, cart.root, {
        key: 'Space',
        prepare: async () => {
          await cart.placeOrder.focus();
          await page.keyboard.press('Enter');
          await shown(cart.error);
        },
      }),
    ).toEqual(WELL_BEHAVED);
  });

  it("a guest reaches every control by Tab and 'Current Order' hands focus back to the page", async () => {
    const { page } = await e2e.open(PHONE);
    const { gauze } = await seedCatalogue('gk');
    await openGuestHome(page);
    await makeNewOrder(page).focus();
    await page.keyboard.press('Enter');
    await shown(new Catalogue(page).item(gauze.name));
    const walk = await tabThroughPage(page);
    expect(walk.missed).toEqual([]);

    await addItem(page, gauze.name, 1);
    const cartButton = page.getByRole('banner').getByRole('button', { name: 'Cart (1)' });
    await cartButton.focus();
    await page.keyboard.press('Enter');
    const cart = new CartDialog(page);
    await cart.field('Delivery Address').fill('Bus shelter, 5th Ave');
    await cart.field('First Name').fill('Ada');
    await cart.field('Last Name').fill('Lovelace');
    await cart.field('Email').fill('ada@example.org');
    await cart.field('Phone').fill('5551234567');
    await cart.field('Notes').fill('Blue tent');
    await cart.placeOrder.focus();
    await page.keyboard.press('Enter');
    const current = new Dialog(page, 'Current Order');
    await shown(current.root);
    await expect
      .poll(() => current.root.evaluate((el) => el.contains(document.activeElement)))
      .toBe(true);
    await page.keyboard.press('Escape');
    await gone(current.root);
    // The cart (where the order came from) has focus again, not the bare page.
    const cartAfter = page.getByRole('banner').getByRole('button', { name: 'Cart (0)' });
    await expect.poll(() => isFocused(cartAfter)).toBe(true);
  });
});
