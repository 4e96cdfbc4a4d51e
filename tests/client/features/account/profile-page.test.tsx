// @vitest-environment jsdom
// 'Update Profile': the spec's validation messages per field, then real updates through the
// server as a signed-in browser (the login cookie added to each call).
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { getSessionUser, setSessionUser } from '#client/session/session-user';
import { ProfilePage } from '#client/features/account/profile-page.tsx';
import { createSignedInUser } from '../../../support/factories.ts';
import { sendLoginCookie } from '../../support/browser-cookie.ts';
import { useClientServer } from '../../support/client-server.ts';
import { alertText, click, fieldError, fill, SERVER_WAIT } from '../../support/form.ts';
import { HOME_MARKER, renderPage } from '../../support/render-page.tsx';

const { db } = useClientServer({
  afterEachTest: () => {
    setSessionUser(null);
    vi.restoreAllMocks();
  },
});

const ALICE = {
  username: 'alice',
  userId: 1,
  role: 'CLIENT',
  email: 'alice@example.org',
  phone: '4125550100',
} as const;

async function openProfile(field: string): Promise<void> {
  renderPage('/profile', ProfilePage);
  await screen.findByRole('heading', { name: 'Update Profile' });
  fireEvent.click(screen.getByRole('radio', { name: field }));
}

describe('profile page validation', () => {
  it.each([
    [
      'Username',
      { 'New Username': 'al1ce' },
      'New Username',
      'Username must contain only letters.',
    ],
    [
      'Email',
      { 'New Email': 'alice@', 'Current Password': 'x' },
      'New Email',
      'Please enter a valid email address.',
    ],
    [
      'Email',
      { 'New Email': 'new@example.org' },
      'Current Password',
      'Current password is required.',
    ],
    [
      'Password',
      { 'New Password': 'abc!1234', 'Confirm New Password': 'abc!1234', 'Current Password': 'x' },
      'New Password',
      'Password must be alphanumeric and at least 8 characters long.',
    ],
    [
      'Password',
      { 'New Password': 'abcd1234', 'Confirm New Password': 'abcd12345', 'Current Password': 'x' },
      'Confirm New Password',
      'The two passwords do not match.',
    ],
    [
      'Password',
      { 'New Password': 'abcd1234', 'Confirm New Password': 'abcd1234' },
      'Current Password',
      'Current password is required.',
    ],
    [
      'Phone Number',
      { 'New Phone Number': '41255501001', 'Current Password': 'x' },
      'New Phone Number',
      'Phone number must be a 10-digit US number.',
    ],
  ])('%s with %j refuses %s beside it: "%s"', async (field, inputs, refused, message) => {
    setSessionUser(ALICE);
    await openProfile(field);
    for (const [label, value] of Object.entries(inputs)) fill(label, value);
    click('Submit');
    await waitFor(() => expect(fieldError(refused)).toBe(message));
    expect(document.activeElement).toBe(screen.getByLabelText(refused));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks a visitor who is not signed in to log in', async () => {
    renderPage('/profile', ProfilePage);
    expect(await screen.findByText('Log in to update your profile.')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });
});

describe('profile page against the server', () => {
  it('updates the phone number, the session user, and goes home after 1.5 s', async () => {
    const user = await createSignedInUser(db(), { password: 'abcd1234' });
    sendLoginCookie(user.cookie);
    setSessionUser({ ...ALICE, username: user.username, userId: user.id, phone: user.phone });
    await openProfile('Phone Number');
    fill('New Phone Number', '4125550199');
    fill('Current Password', 'abcd1234');
    click('Submit');
    expect(
      await screen.findByText('Phone number updated successfully', {}, SERVER_WAIT),
    ).toBeDefined();
    expect(getSessionUser()?.phone).toBe('4125550199');
    expect(await screen.findByText(HOME_MARKER, {}, SERVER_WAIT)).toBeDefined();
  });

  it("shows the server's message when the current password is wrong", async () => {
    const user = await createSignedInUser(db(), { password: 'abcd1234' });
    sendLoginCookie(user.cookie);
    setSessionUser({ ...ALICE, username: user.username, userId: user.id, email: user.email });
    await openProfile('Email');
    fill('New Email', 'changed@example.org');
    fill('Current Password', 'wrong1234');
    click('Submit');
    expect(await alertText()).toBe('Current password is incorrect.');
    expect(getSessionUser()?.email).toBe(user.email);
  });
});
