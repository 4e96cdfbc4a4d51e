// @vitest-environment jsdom
// The cargo drawers' own refusals beside their fields (issue 20 item 6, left for the drawers):
// the Item ID (blank, or no such item) and the max per order, each on its input (aria-invalid,
// named by aria-describedby), focus on the first, nothing sent; a change takes the refusal
// away. Against a real server: what is saved is read back from the database.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { CargoAdminPage } from '#client/features/admin-cargo/cargo-admin-page.tsx';
import { setSessionUser } from '#client/session/session-user';
import { createCatalogueItem, createSignedInUser } from '../../../support/factories.ts';
import { sendLoginCookie } from '../../support/browser-cookie.ts';
import { useClientServer } from '../../support/client-server.ts';
import { renderPage } from '../../support/render-page.tsx';

// The server runs in this jsdom file, where ArrayBuffer is jsdom's: Fastify would send the
// catalogue's ready-made Buffer reply as JSON of its bytes (cargo-volunteer-page.test.tsx says
// more). Node's own while the file runs; registered before useClientServer starts the server.
const jsdomArrayBuffer = globalThis.ArrayBuffer;
beforeAll(() => {
  globalThis.ArrayBuffer = Buffer.alloc(0).buffer.constructor as ArrayBufferConstructor;
});
afterAll(() => {
  globalThis.ArrayBuffer = jsdomArrayBuffer;
});

const made: number[] = []; // items this file adds
const { db } = useClientServer({
  afterEachTest: async () => {
    setSessionUser(null);
    vi.restoreAllMocks(); // the login cookie's fetch
    const items = made.splice(0);
    if (items.length > 0) await db().deleteFrom('cargo_items').where('id', 'in', items).execute();
  },
});

async function openCargoAdmin() {
  const admin = await createSignedInUser(db(), { role: 'ADMIN' });
  sendLoginCookie(admin.cookie);
  setSessionUser({ ...admin, userId: admin.id, role: 'ADMIN' });
  renderPage('/cargo_admin', CargoAdminPage);
  await screen.findByRole('heading', { level: 1, name: 'Cargo Management System' });
}

/** The refusal shown beside an input: it is marked invalid and describedby names the text. */
function fieldError(input: HTMLElement): string | null {
  if (input.getAttribute('aria-invalid') !== 'true') return null;
  const id = (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .find((part) => part.endsWith('-error'));
  return id === undefined ? null : (document.getElementById(id)?.textContent ?? null);
}

async function maxPerOrderOf(id: number): Promise<number> {
  const row = await db()
    .selectFrom('cargo_items')
    .select('max_per_order')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.max_per_order;
}

describe('cargo drawers: refusals beside their fields', () => {
  it('Update Item: the ID, then the max per order', async () => {
    const item = await createCatalogueItem(db(), { quantity: 7 });
    made.push(item.id);
    await openCargoAdmin();
    await screen.findByRole('rowheader', { name: item.name });
    fireEvent.click(screen.getByRole('button', { name: 'Update Item' }));
    const drawer = await screen.findByRole('dialog', { name: 'Update Item' });
    const itemId = within(drawer).getByLabelText('Item ID');

    fireEvent.click(within(drawer).getByRole('button', { name: 'Load Item' }));
    await expect.poll(() => fieldError(itemId)).toBe('Enter Item ID to update');
    await expect.poll(() => document.activeElement).toBe(itemId);
    expect(within(drawer).queryByRole('alert')).toBeNull(); // not under the form as well

    fireEvent.change(itemId, { target: { value: '2147483000' } });
    expect(fieldError(itemId)).toBeNull(); // the change takes it away
    fireEvent.click(within(drawer).getByRole('button', { name: 'Load Item' }));
    await expect.poll(() => fieldError(itemId)).toBe('No item with this ID in the inventory.');

    fireEvent.change(itemId, { target: { value: String(item.id) } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Load Item' }));
    const max = await within(drawer).findByLabelText('Max per order');
    expect(fieldError(itemId)).toBeNull();

    fireEvent.change(max, { target: { value: '0' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Update Item' }));
    await expect
      .poll(() => fieldError(max))
      .toBe('Max per order must be a whole number from 1 to 10000.');
    await expect.poll(() => document.activeElement).toBe(max);
    expect(await maxPerOrderOf(item.id)).toBe(10); // nothing was sent

    fireEvent.change(max, { target: { value: '4' } });
    expect(fieldError(max)).toBeNull();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Update Item' }));
    expect(await screen.findByText('Item updated.')).toBeDefined();
    expect(await maxPerOrderOf(item.id)).toBe(4);
  });

  it('Add New Item: the max per order, and nothing is sent while it is wrong', async () => {
    await openCargoAdmin();
    fireEvent.click(screen.getByRole('button', { name: 'Add New Item' }));
    const drawer = await screen.findByRole('dialog', { name: 'Add New Item' });
    const name = `Wipes ${Date.now()}`;
    fireEvent.change(within(drawer).getByLabelText('Name'), { target: { value: name } });
    const max = within(drawer).getByLabelText('Max per order');
    fireEvent.change(max, { target: { value: '1.5' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Add Item' }));
    await expect
      .poll(() => fieldError(max))
      .toBe('Max per order must be a whole number from 1 to 10000.');
    await expect.poll(() => document.activeElement).toBe(max);
    const added = await db()
      .selectFrom('cargo_items')
      .select('id')
      .where('name', '=', name)
      .executeTakeFirst();
    expect(added).toBeUndefined();

    // A change takes the refusal away. (The multipart send itself is covered in a real browser:
    // e2e order-limits.spec.ts adds this way; in this jsdom file the multipart send does not succeed.)
    fireEvent.change(max, { target: { value: '3' } });
    expect(fieldError(max)).toBeNull();
  });
});
