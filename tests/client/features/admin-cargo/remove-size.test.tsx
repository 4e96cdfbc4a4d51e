// @vitest-environment jsdom
// "Remove size" in the Update Item drawer asks first when the size holds something (issue 20:
// its stock goes when the item is saved). Against a real server: the question names the size
// and its quantity, focus on the safe choice; Escape and "Keep size" keep the row; "Remove
// size" takes it away and focus moves to the next Remove; the database changes only when the
// item is saved, and the save is announced once. A blank row goes at once, without a question.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { CargoAdminPage } from '#client/features/admin-cargo/cargo-admin-page.tsx';
import { setSessionUser } from '#client/session/session-user';
import { createCatalogueItem, createSignedInUser } from '../../../support/factories.ts';
import { sendLoginCookie } from '../../support/browser-cookie.ts';
import { renderStatusRegion, spokenCopies } from '../../support/live-regions.tsx';
import { useClientServer } from '../../support/client-server.ts';
import { renderPage } from '../../support/render-page.tsx';

// Node's ArrayBuffer while the server runs in this jsdom file (item-drawers.test.tsx says why).
const jsdomArrayBuffer = globalThis.ArrayBuffer;
beforeAll(() => {
  globalThis.ArrayBuffer = Buffer.alloc(0).buffer.constructor as ArrayBufferConstructor;
});
afterAll(() => {
  globalThis.ArrayBuffer = jsdomArrayBuffer;
});

const WAIT = { timeout: 10_000 };
const made: number[] = [];
const { db } = useClientServer({
  afterEachTest: async () => {
    setSessionUser(null);
    vi.restoreAllMocks(); // the login cookie's fetch
    const items = made.splice(0);
    if (items.length === 0) return;
    await db().deleteFrom('cargo_item_sizes').where('item_id', 'in', items).execute();
    await db().deleteFrom('cargo_items').where('id', 'in', items).execute();
  },
});

async function sizesOf(id: number): Promise<Record<string, number>> {
  const rows = await db()
    .selectFrom('cargo_item_sizes')
    .select(['size_label', 'quantity'])
    .where('item_id', '=', id)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.size_label, row.quantity]));
}

/** The drawer with the item loaded. */
async function openItem(item: { id: number; name: string }): Promise<HTMLElement> {
  const admin = await createSignedInUser(db(), { role: 'ADMIN' });
  sendLoginCookie(admin.cookie);
  setSessionUser({ ...admin, userId: admin.id, role: 'ADMIN' });
  renderPage('/cargo_admin', CargoAdminPage);
  renderStatusRegion();
  // The drawer finds the item in the inventory on screen.
  await screen.findByRole('rowheader', { name: item.name }, WAIT);
  fireEvent.click(screen.getByRole('button', { name: 'Update Item' }));
  const drawer = await screen.findByRole('dialog', { name: 'Update Item' });
  fireEvent.change(within(drawer).getByLabelText('Item ID'), {
    target: { value: String(item.id) },
  });
  fireEvent.click(within(drawer).getByRole('button', { name: 'Load Item' }));
  await within(drawer).findByLabelText('Size 1', {}, WAIT);
  return drawer;
}

const labels = (drawer: HTMLElement) =>
  within(drawer)
    .queryAllByLabelText(/^Size \d+$/)
    .map((input) => (input as HTMLInputElement).value);

describe('cargo drawer: Remove size asks first', () => {
  it('Escape and "Keep size" keep it; "Remove size" removes it, saved with the item', async () => {
    const item = await createCatalogueItem(db(), { sizes: { S: 3, M: 2 } });
    made.push(item.id);
    const drawer = await openItem(item);
    expect(labels(drawer)).toEqual(['M', 'S']);
    const removeFirst = () => within(drawer).getByRole('button', { name: 'Remove size 1' });

    fireEvent.click(removeFirst());
    const question = await screen.findByRole('alertdialog', {}, WAIT);
    expect(within(question).getByRole('heading').textContent).toBe('Remove size M?');
    expect(question.textContent).toContain('(2)');
    await expect
      .poll(() => document.activeElement)
      .toBe(within(question).getByRole('button', { name: 'Keep size' }));
    fireEvent.keyDown(question, { key: 'Escape' });
    await expect.poll(() => screen.queryByRole('alertdialog')).toBeNull();
    // Escape closed the question only: the drawer and its rows stay.
    expect(screen.getByRole('dialog', { name: 'Update Item' })).toBe(drawer);
    expect(labels(drawer)).toEqual(['M', 'S']);

    fireEvent.click(removeFirst());
    fireEvent.click(
      within(await screen.findByRole('alertdialog', {}, WAIT)).getByRole('button', {
        name: 'Keep size',
      }),
    );
    await expect.poll(() => screen.queryByRole('alertdialog')).toBeNull();
    expect(labels(drawer)).toEqual(['M', 'S']);

    fireEvent.click(removeFirst());
    fireEvent.click(
      within(await screen.findByRole('alertdialog', {}, WAIT)).getByRole('button', {
        name: 'Remove size',
      }),
    );
    await expect.poll(() => labels(drawer)).toEqual(['S']);
    // The pressed button left with its row: focus is on the Remove now in its place.
    await expect.poll(() => document.activeElement).toBe(removeFirst());
    expect(await sizesOf(item.id)).toEqual({ S: 3, M: 2 }); // nothing saved yet

    fireEvent.click(within(drawer).getByRole('button', { name: 'Update Item' }));
    expect(await screen.findByText('Item updated.', {}, WAIT)).toBeDefined();
    expect(await sizesOf(item.id)).toEqual({ S: 3 });
    // Kept on the page, announced once (the status region, not the page's line as well).
    expect(spokenCopies('Item updated.')).toBe(1);
  });

  it('a blank row goes at once, focus on the Remove before it', async () => {
    const item = await createCatalogueItem(db(), { sizes: { L: 4 } });
    made.push(item.id);
    const drawer = await openItem(item);
    fireEvent.click(within(drawer).getByRole('button', { name: 'Add Size' }));
    expect(labels(drawer)).toEqual(['L', '']);
    fireEvent.click(within(drawer).getByRole('button', { name: 'Remove size 2' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(labels(drawer)).toEqual(['L']);
    expect(document.activeElement).toBe(
      within(drawer).getByRole('button', { name: 'Remove size 1' }),
    );
  });
});
