// Issue 20 items 3 and 4 against the real server: the catalogue and the item dialog are stock
// aware (an item or size with 0 left cannot be added and says why; quantities are capped by
// the size's stock and the item's maxPerOrder, counting what the cart holds; "Only 0 left"
// never shows), the cart's amounts keep the same caps, the checkout's refusal clears once the
// lines it named change (and when the cart empties), and on a phone the Cart button stays in
// view after scrolling and an add is acknowledged in view, announced politely.
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, type Viewport } from '../support/chromium.ts';
import { createCatalogueItem } from '../support/factories.ts';
import { accessibilityViolations } from './helpers/axe.ts';
import { aClient, logInAsClient } from './helpers/flows.ts';
import { useE2e } from './helpers/harness.ts';
import { gone, shown } from './helpers/waits.ts';
import { fieldErrorText } from './pages/controls.ts';
import { CartDialog, Catalogue, ItemDialog } from './pages/ordering-pages.ts';

const e2e = useE2e();
const db = () => e2e.server.db;
const SHOTS = '/tmp/shots/h7';
mkdirSync(SHOTS, { recursive: true });

function shot(page: Page, name: string, viewport: Viewport) {
  return page.screenshot({ path: `${SHOTS}/${name}-${viewport.width}x${viewport.height}.png` });
}

async function openCatalogue(viewport: Viewport, tag: string) {
  const opened = await e2e.open(viewport);
  const home = await logInAsClient(opened.page, await aClient(e2e.server, tag));
  await home.makeNewOrder.click();
  return { ...opened, home, catalogue: new Catalogue(opened.page) };
}

async function addFromDialog(dialog: ItemDialog, quantity: string, size?: string) {
  if (size !== undefined) await dialog.size.selectOption(size);
  await dialog.quantity.fill(quantity);
  await dialog.add.click();
  await gone(dialog.root);
}

/** The reason shown beside a disabled 'Add to Cart', which is its description. */
async function blockedReason(dialog: ItemDialog): Promise<string> {
  expect(await dialog.add.isDisabled()).toBe(true);
  const id = (await dialog.add.getAttribute('aria-describedby')) ?? '';
  expect(id).not.toBe('');
  return (await dialog.root.locator(`[id="${id}"]`).textContent()) ?? '';
}

describe('stock-aware catalogue', () => {
  it('refuses out-of-stock items and sizes in words and caps quantities by stock and maxPerOrder', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const tag = viewport === PHONE ? 'p' : 'd';
      const empty = await createCatalogueItem(db(), { name: `Splints ${tag}`, quantity: 0 });
      const socks = await createCatalogueItem(db(), {
        name: `Socks ${tag}`,
        sizes: { S: 2, M: 0, L: 10 },
        maxPerOrder: 3,
      });
      const { page, home, catalogue, errors } = await openCatalogue(viewport, `stock${tag}`);
      await shown(catalogue.item(empty.name));
      expect(await catalogue.item(empty.name).textContent()).toContain('Out of stock');
      await shot(page, 'catalogue-out-of-stock', viewport);

      // 0 left: the button is off and says why; nothing says "Only 0 left".
      await catalogue.item(empty.name).click();
      const emptyDialog = new ItemDialog(page, empty.name);
      expect(await blockedReason(emptyDialog)).toBe('Out of stock');
      expect(await emptyDialog.root.textContent()).not.toContain('Only 0 left');
      await shot(page, 'item-dialog-out-of-stock', viewport);
      expect(await accessibilityViolations(page)).toEqual([]);
      await emptyDialog.button('Cancel').click();
      await gone(emptyDialog.root);

      // A size with 0 left is refused; a size with 2 caps the quantity at 2.
      await catalogue.item(socks.name).click();
      const dialog = new ItemDialog(page, socks.name);
      expect((await dialog.size.locator('option').allTextContents()).sort()).toEqual([
        'L (10 in stock)',
        'M (out of stock)',
        'S (2 in stock)',
      ]);
      await dialog.size.selectOption('M');
      expect(await blockedReason(dialog)).toBe('Out of stock');
      await dialog.size.selectOption('S');
      expect(await dialog.add.isDisabled()).toBe(false);
      await dialog.quantity.fill('5');
      expect(await dialog.quantity.inputValue()).toBe('2');
      await addFromDialog(dialog, '2');
      await shown(home.cartWith(1));

      // Both S are in the cart: S is refused; L is capped by maxPerOrder 3 less the 2 held.
      await catalogue.item(socks.name).click();
      await dialog.size.selectOption('S');
      expect(await blockedReason(dialog)).toBe('All 2 left are in your cart.');
      await dialog.size.selectOption('L');
      await dialog.quantity.fill('9');
      expect(await dialog.quantity.inputValue()).toBe('1');
      expect(await dialog.root.textContent()).toContain('2 in your cart');
      await shot(page, 'item-dialog-capped', viewport);
      await addFromDialog(dialog, '1');
      await shown(home.cartWith(2));
      await catalogue.item(socks.name).click();
      await dialog.size.selectOption('L');
      expect(await blockedReason(dialog)).toBe(
        'Your cart already has 3, the most one order may ask for.',
      );
      await dialog.button('Cancel').click();
      await gone(dialog.root);

      // The cart's amounts keep the same caps: S at its stock, L at what maxPerOrder leaves.
      await home.cart.click();
      const cart = new CartDialog(page);
      await cart.amount(`${socks.name} (S)`).fill('7');
      expect(await cart.amount(`${socks.name} (S)`).inputValue()).toBe('2');
      await cart.amount(`${socks.name} (L)`).fill('4');
      expect(await cart.amount(`${socks.name} (L)`).inputValue()).toBe('1');
      await shot(page, 'cart-capped', viewport);
      expect(await page.locator('body').textContent()).not.toContain('Only 0 left');
      expect(errors).toEqual([]);
    }
  });

  it('clears the checkout refusal when the lines it named change, and when the cart empties', async () => {
    const { page, home, catalogue } = await openCatalogue(PHONE, 'refusal');
    const gauze = await createCatalogueItem(db(), { name: 'Gauze rf', quantity: 4 });
    const tape = await createCatalogueItem(db(), { name: 'Tape rf', quantity: 5 });
    await page.reload();
    await home.makeNewOrder.click();
    for (const [item, quantity] of [
      [gauze, '4'],
      [tape, '1'],
    ] as const) {
      await catalogue.item(item.name).click();
      await addFromDialog(new ItemDialog(page, item.name), quantity);
    }
    // Someone else takes two meanwhile: the server refuses the line by name.
    await db().updateTable('cargo_items').set({ quantity: 2 }).where('id', '=', gauze.id).execute();
    await home.cart.click();
    const cart = new CartDialog(page);
    await cart.field('Delivery Address').fill('5 Forbes Ave');
    await cart.field('Notes').fill('Evening');
    await cart.placeOrder.click();
    await shown(cart.error);
    expect(await cart.error.textContent()).toBe(`${gauze.name}: only 2 left`);
    await shot(page, 'cart-refused', PHONE);

    // A line the refusal does not name changes: it stays. The named one changes: it goes.
    await cart.amount(tape.name).fill('2');
    expect(await cart.error.textContent()).toBe(`${gauze.name}: only 2 left`);
    await cart.amount(gauze.name).fill('2');
    await gone(cart.error);

    // A refusal naming no line ('Please fill in …') goes once the lines change at all. The
    // blank field is marked beside itself and has focus.
    await cart.field('Notes').fill('');
    await cart.placeOrder.click();
    await shown(cart.error);
    expect(await fieldErrorText(cart.field('Notes'))).toBe('Required.');
    expect(await cart.field('Notes').evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await cart.field('Delivery Address').getAttribute('aria-invalid')).toBeNull();
    await shot(page, 'cart-blank-field', PHONE);
    expect(await accessibilityViolations(page)).toEqual([]);
    await cart.remove(tape.name).click();
    await gone(cart.error);

    // A named line's refusal goes when its line leaves and the cart empties.
    await cart.field('Notes').fill('Evening');
    await db().updateTable('cargo_items').set({ quantity: 1 }).where('id', '=', gauze.id).execute();
    await cart.placeOrder.click();
    await shown(cart.error);
    expect(await cart.error.textContent()).toBe(`${gauze.name}: only 1 left`);
    await cart.remove(gauze.name).click();
    await gone(cart.error);
    expect(await cart.root.textContent()).toContain('Nothing in the cart yet.');
  });
});

describe('the cart on a phone', () => {
  it('keeps the Cart button in view after scrolling and acknowledges an add in view', async () => {
    const items = [];
    for (let i = 0; i < 24; i += 1) {
      items.push(await createCatalogueItem(db(), { name: `Blanket ${i} ph`, quantity: 20 }));
    }
    const { page, home, catalogue } = await openCatalogue(PHONE, 'phonecart');
    const last = items.at(-1)!;
    await shown(catalogue.item(last.name));
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    // The header (its Cart button's place at the top) has scrolled away.
    const header = await page.locator('header').boundingBox();
    expect(header!.y + header!.height).toBeLessThan(0);
    await catalogue.item(last.name).click();
    await addFromDialog(new ItemDialog(page, last.name), '2');

    const inView = async (box: { y: number; height: number } | null) => {
      expect(box).not.toBeNull();
      expect(box!.y).toBeGreaterThanOrEqual(0);
      expect(box!.y + box!.height).toBeLessThanOrEqual(PHONE.height);
    };
    await shown(home.cartWith(1));
    await inView(await home.cartWith(1).boundingBox());
    const note = page
      .getByRole('status')
      .filter({ hasText: `Added ${last.name} × 2 to the cart.` });
    await shown(note);
    await inView(await note.boundingBox());
    await shot(page, 'phone-added', PHONE);
    expect(await accessibilityViolations(page)).toEqual([]);

    // The floating button opens the cart from down here.
    await home.cartWith(1).click();
    await shown(new CartDialog(page).root);
  });
});
