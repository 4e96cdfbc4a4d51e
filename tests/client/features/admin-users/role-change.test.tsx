// @vitest-environment jsdom
// Changing a user's role in Update User asks first (issue 20: a weighty change; the server
// ends the user's sign-ins). Against a real server: the question names the user and both
// roles with focus on the safe choice; Escape and "Keep …" send nothing (the database keeps
// the role, the form shows the old role again, the Update form stays open); "Change role"
// saves it. An update that keeps the role does not ask, and its news is announced once. The
// question in Spanish too.
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { AdminUsersPage } from '#client/features/admin-users/admin-users-page.tsx';
import { activateLanguage } from '#client/i18n/language-choice';
import { setSessionUser } from '#client/session/session-user';
import { LOCALES_DIR, readCatalogue } from '#server/i18n/catalogue-files';
import { createSignedInUser, createUser } from '../../../support/factories.ts';
import { sendLoginCookie } from '../../support/browser-cookie.ts';
import { renderStatusRegion, spokenCopies } from '../../support/live-regions.tsx';
import { useClientServer } from '../../support/client-server.ts';
import { renderPage } from '../../support/render-page.tsx';

const WAIT = { timeout: 10_000 };
const esAdmin = readCatalogue(path.join(LOCALES_DIR, 'es', 'admin.json'));
/** A Spanish text of the admin catalogue. */
function spanish(id: string): string {
  const text = esAdmin[id];
  if (text === undefined) throw new Error(`no Spanish for ${id}`);
  return text;
}

const { db } = useClientServer({
  afterEachTest: async () => {
    setSessionUser(null);
    vi.restoreAllMocks(); // the login cookie's fetch
    await activateLanguage('en');
  },
});

async function openUsers(): Promise<void> {
  const admin = await createSignedInUser(db(), { role: 'ADMIN' });
  sendLoginCookie(admin.cookie);
  setSessionUser({ ...admin, userId: admin.id, role: 'ADMIN' });
  renderPage('/admin/users', AdminUsersPage);
  renderStatusRegion();
}

/** Opens Update User on `username`'s row. */
async function openUpdate(username: string, button: string): Promise<HTMLElement> {
  const cell = await screen.findByRole('cell', { name: username }, WAIT);
  const row = cell.closest('tr');
  if (row === null) throw new Error('no row');
  fireEvent.click(within(row).getByRole('button', { name: button }));
  return screen.findByRole('dialog');
}

async function stored(id: number) {
  return db()
    .selectFrom('users')
    .select(['role', 'phone', 'updated_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('Update User: a role change asks first', () => {
  it('Escape and "Keep CLIENT" send nothing; "Change role" saves the new role', async () => {
    const client = await createUser(db(), { role: 'CLIENT' });
    const before = await stored(client.id);
    await openUsers();
    const form = await openUpdate(client.username, 'Update');
    const role = within(form).getByLabelText<HTMLSelectElement>('Role');
    const submit = within(form).getByRole('button', { name: 'Submit Update' });

    fireEvent.change(role, { target: { value: 'VOLUNTEER' } });
    fireEvent.click(submit);
    const question = await screen.findByRole('alertdialog', {}, WAIT);
    expect(within(question).getByRole('heading').textContent).toBe(
      `Change the role of ${client.username} from CLIENT to VOLUNTEER?`,
    );
    expect(question.textContent).toContain('signed out on every device');
    // Focus starts on the safe choice.
    await expect
      .poll(() => document.activeElement)
      .toBe(within(question).getByRole('button', { name: 'Keep CLIENT' }));
    fireEvent.keyDown(question, { key: 'Escape' });
    await expect.poll(() => screen.queryByRole('alertdialog')).toBeNull();
    expect(await stored(client.id)).toEqual(before);
    // The form stays open and shows the role kept.
    expect(screen.getByRole('dialog', { name: 'Update User' })).toBe(form);
    await expect.poll(() => role.value).toBe('CLIENT');

    fireEvent.change(role, { target: { value: 'VOLUNTEER' } });
    fireEvent.click(submit);
    fireEvent.click(
      within(await screen.findByRole('alertdialog', {}, WAIT)).getByRole('button', {
        name: 'Keep CLIENT',
      }),
    );
    await expect.poll(() => screen.queryByRole('alertdialog')).toBeNull();
    expect(await stored(client.id)).toEqual(before);
    await expect.poll(() => role.value).toBe('CLIENT');

    fireEvent.change(role, { target: { value: 'VOLUNTEER' } });
    fireEvent.click(submit);
    fireEvent.click(
      within(await screen.findByRole('alertdialog', {}, WAIT)).getByRole('button', {
        name: 'Change role',
      }),
    );
    await expect.poll(() => screen.queryByRole('dialog'), WAIT).toBeNull();
    expect((await stored(client.id)).role).toBe('VOLUNTEER');
  });

  it('an update that keeps the role does not ask', async () => {
    const volunteer = await createUser(db(), { role: 'VOLUNTEER' });
    await openUsers();
    const form = await openUpdate(volunteer.username, 'Update');
    fireEvent.change(within(form).getByLabelText('Phone'), { target: { value: '5550107777' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Submit Update' }));
    await expect.poll(() => screen.queryByRole('dialog'), WAIT).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(await stored(volunteer.id)).toMatchObject({ role: 'VOLUNTEER', phone: '5550107777' });
    // The server's word stays on the page and is announced once (the status region), not
    // also by the page's line.
    await screen.findAllByText('User updated successfully', {}, WAIT);
    expect(spokenCopies('User updated successfully')).toBe(1);
  });

  it('asks in Spanish', async () => {
    const client = await createUser(db(), { role: 'CLIENT' });
    await activateLanguage('es');
    await openUsers();
    const form = await openUpdate(client.username, 'Editar');
    fireEvent.change(within(form).getByLabelText('Rol'), { target: { value: 'VOLUNTEER' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    const question = await screen.findByRole('alertdialog', {}, WAIT);
    const title = spanish('admin.users.roleChangeTitle')
      .replace('{username}', client.username)
      .replace('{from}', 'CLIENTE')
      .replace('{to}', 'VOLUNTARIO');
    expect(within(question).getByRole('heading').textContent).toBe(title);
    within(question).getByRole('button', { name: 'Mantener CLIENTE' });
    within(question).getByRole('button', { name: spanish('admin.users.roleChangeConfirm') });
    expect(question.textContent).not.toMatch(/Change role|signed out|Keep/);
    fireEvent.click(within(question).getByRole('button', { name: 'Mantener CLIENTE' }));
    await expect.poll(() => screen.queryByRole('alertdialog')).toBeNull();
    expect((await stored(client.id)).role).toBe('CLIENT');
  });
});
