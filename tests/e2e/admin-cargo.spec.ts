// The admin home and cargo (spec section 2 "Admin home", "Cargo admin"; sections 4, 5, 7):
// the cards, alert counts that follow the data, adding an item with sizes and an image that
// the client catalogue then shows, and updating it.
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { cargoCatalogueReply } from '#shared/contracts/cargo';
import { createCatalogueItem, createOrderOnRound } from '../support/factories.ts';
import { DESKTOP, PHONE, screenshot } from '../support/chromium.ts';
import { answerConfirmation } from './helpers/confirm.ts';
import { aClient, logInAsClient } from './helpers/flows.ts';
import { useE2e } from './helpers/harness.ts';
import { gone, shown } from './helpers/waits.ts';
import { AdminCargoPage } from './pages/admin-cargo-page.ts';
import { ADMIN_CARDS, anAdmin, logInAsAdmin } from './pages/admin-home-page.ts';
import { anApplication } from './pages/admin-seed.ts';
import { control, fieldErrorText } from './pages/controls.ts';

const e2e = useE2e();

function png(): Promise<Buffer> {
  const background = { r: 20, g: 120, b: 90 };
  return sharp({ create: { width: 96, height: 64, channels: 3, background } })
    .png()
    .toBuffer();
}

describe('admin home', () => {
  it('links every tool and counts what needs attention, following the data', async () => {
    const { db } = e2e.server;
    await createCatalogueItem(db, { name: 'Blanket', quantity: 0 });
    await createCatalogueItem(db, { name: 'Socks', sizes: { S: 2, M: 10 } });
    await createCatalogueItem(db, { name: 'Water', quantity: 50 });
    await createOrderOnRound(db, null);
    await anApplication(db);
    const admin = await anAdmin(e2e.server);
    const { page, errors } = await e2e.open(DESKTOP);
    const home = await logInAsAdmin(page, admin);

    for (const [title, path] of ADMIN_CARDS) {
      expect(await home.card(title).getAttribute('href')).toBe(path);
    }
    await home.waitForCount('Items out of stock', 1);
    expect(await home.count('Items running low')).toBe(1);
    expect(await home.count('New orders')).toBe(1);
    expect(await home.count('New volunteer applications')).toBe(1);
    expect(await home.alert('Items out of stock').textContent()).toContain('Blanket');
    expect(await home.alert('Items running low').textContent()).toContain('Socks (S)');
    expect(await home.alert('New orders').getAttribute('href')).toBe('/admin/orders');
    await screenshot(page, 'admin-home-desktop');

    // More data, higher counts.
    await createOrderOnRound(db, null);
    await anApplication(db);
    await home.waitForCount('New orders', 2);
    await home.waitForCount('New volunteer applications', 2);

    // An alert goes where it is handled.
    await home.alert('Items out of stock').click();
    await shown(new AdminCargoPage(page).heading);
    expect(errors).toEqual([]);
  });

  it('fits a phone', async () => {
    const admin = await anAdmin(e2e.server);
    const { page } = await e2e.open(PHONE);
    const home = await logInAsAdmin(page, admin);
    await shown(home.alerts);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'admin-home-phone');
  });
});

describe('cargo admin', () => {
  it('adds an item with sizes and an image, which the client catalogue shows', async () => {
    const admin = await anAdmin(e2e.server);
    const { page, errors } = await e2e.open(DESKTOP);
    const home = await logInAsAdmin(page, admin);
    await shown(home.alert('Items running low'));
    const lowBefore = await home.count('Items running low');
    await home.card('Manage Cargo').click();
    const cargo = new AdminCargoPage(page);
    await shown(cargo.heading);

    await cargo.addItem({
      name: 'Gauze Pads',
      description: 'Sterile, 4x4 inch',
      category: 'Wound care',
      sizes: [
        ['S', '3'],
        ['L', '10'],
      ],
      image: { name: 'gauze.png', mimeType: 'image/png', buffer: await png() },
    });
    await gone(cargo.drawer);
    expect(await cargo.notice.textContent()).toBe('Item added.');
    const row = cargo.row('Gauze Pads');
    await shown(row);
    const rowText = (await row.textContent()) ?? '';
    expect(rowText).toContain('Wound care');
    expect(rowText).toContain('Gauze Pads13Fine'); // the total is the sum of the sizes
    expect(rowText).toContain('S: 3 Low');
    expect(rowText).toContain('L: 10 Fine');
    const thumb = row.getByRole('img');
    await shown(thumb);
    await page.waitForFunction(
      (img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0,
      await thumb.elementHandle(),
    );
    await screenshot(page, 'admin-cargo-desktop');

    // The catalogue anyone reads has it, with its sizes and a picture that loads.
    const reply = cargoCatalogueReply.parse(
      await (await page.request.get('/api/cargo/items')).json(),
    );
    const item = reply.items.find((candidate) => candidate.name === 'Gauze Pads');
    expect(item?.sizeQuantities).toEqual({ S: 3, L: 10 });
    expect(item?.quantity).toBe(13);
    const image = await page.request.get(`/api/cargo/images/${item?.imageId ?? ''}`);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toMatch(/^image\//);

    // A client sees it in 'Make a New Order'.
    const client = await aClient(e2e.server);
    const other = await e2e.open(PHONE);
    const clientHome = await logInAsClient(other.page, client);
    await clientHome.makeNewOrder.click();
    await shown(other.page.getByText('Gauze Pads', { exact: true }));

    // Size S (3) is low: the admin home counts one more line running low.
    await cargo.goBack.click();
    await home.waitForCount('Items running low', lowBefore + 1);
    expect(errors).toEqual([]);
  });

  it("updates an item: the ID first ('Enter Item ID to update'), then its fields", async () => {
    const { db } = e2e.server;
    const { id } = await createCatalogueItem(db, { name: 'Hand Warmers', sizes: { One: 8 } });
    const admin = await anAdmin(e2e.server);
    const { page, errors } = await e2e.open(PHONE);
    await logInAsAdmin(page, admin);
    const cargo = new AdminCargoPage(page);
    await cargo.goto();
    await shown(cargo.row('Hand Warmers'));
    await screenshot(page, 'admin-cargo-phone');

    await cargo.updateItem.click();
    await shown(cargo.drawer);
    await control(cargo.drawer, 'Load Item').click();
    // Beside the field it is about, which takes the focus.
    expect(await fieldErrorText(cargo.drawerField('Item ID'))).toBe('Enter Item ID to update');
    expect(await cargo.drawerField('Item ID').evaluate((el) => el === document.activeElement)).toBe(
      true,
    );
    await cargo.drawerField('Item ID').fill(String(id));
    await control(cargo.drawer, 'Load Item').click();
    await shown(cargo.drawerField('Name'));
    expect(await cargo.drawerField('Name').inputValue()).toBe('Hand Warmers');
    expect(await cargo.drawerField('Size 1').inputValue()).toBe('One');
    await screenshot(page, 'admin-cargo-update-drawer-phone');

    // Sizes removed: the item gets one total, typed in.
    await control(cargo.drawer, 'Remove size 1').click();
    // A size holding stock asks first (issue 20).
    await answerConfirmation(page, 'Remove size');
    await cargo.drawerField('Quantity').fill('0');
    await cargo.drawerField('Category').fill('Warmth');
    await cargo.drawer
      .getByLabel(/^Replace image/)
      .setInputFiles({ name: 'w.png', mimeType: 'image/png', buffer: await png() });
    await control(cargo.drawer, 'Update Item').click();
    await gone(cargo.drawer);
    expect(await cargo.notice.textContent()).toBe('Item updated.');
    const row = cargo.row('Hand Warmers');
    await shown(row.getByText('Warmth'));
    expect(await row.textContent()).toContain('Out');
    await shown(row.getByRole('img'));

    // The server's refusal shows in the drawer.
    await control(row, 'Update Hand Warmers').click();
    await cargo.drawerField('Quantity').fill('lots');
    await control(cargo.drawer, 'Update Item').click();
    await shown(cargo.drawerError());
    expect(await cargo.drawerError().textContent()).toMatch(/whole number/);
    expect(errors).toEqual([]);
  });

  it('shows the add drawer on a phone', async () => {
    const admin = await anAdmin(e2e.server);
    const { page } = await e2e.open(PHONE);
    await logInAsAdmin(page, admin);
    const cargo = new AdminCargoPage(page);
    await cargo.goto();
    await cargo.addNewItem.click();
    await cargo.fillItem({ name: 'Thermal Socks', sizes: [['M', '4']] });
    await screenshot(page, 'admin-cargo-add-drawer-phone');
    await control(cargo.drawer, 'Add Item').click();
    await gone(cargo.drawer);
    await shown(cargo.row('Thermal Socks'));
  });
});
