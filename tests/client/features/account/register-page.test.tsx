// @vitest-environment jsdom
// The two-step sign-up: the spec's validation messages per step, then a real registration and
// the spec's refusal of a taken username, against a real server.
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { RegisterPage } from '#client/features/account/register-page.tsx';
import { createUser, uniqueUsername } from '../../../support/factories.ts';
import { useClientServer } from '../../support/client-server.ts';
import { click, fieldError, fill, SERVER_WAIT } from '../../support/form.ts';
import { LOGIN_MARKER, renderPage } from '../../support/render-page.tsx';

const { db } = useClientServer();

async function openStepOne(): Promise<void> {
  renderPage('/register', RegisterPage);
  await screen.findByRole('heading', { name: 'Sign up' });
}

async function openStepTwo(username: string): Promise<void> {
  await openStepOne();
  fill('Username', username);
  click('Next');
  await screen.findByLabelText('Confirm Password', {}, SERVER_WAIT);
}

/** A field's refusal once it shows (the real server may be checking the username first). */
async function refusalOf(label: string | RegExp): Promise<string | null> {
  await waitFor(() => expect(fieldError(label)).not.toBeNull(), SERVER_WAIT);
  return fieldError(label);
}

describe('register page', () => {
  it.each<[{ username: string; email?: string; phone?: string }, string | RegExp, string]>([
    [{ username: '' }, 'Username', 'Username is required'],
    [{ username: 'al1ce' }, 'Username', 'Username can only contain English letters'],
    [
      { username: 'alice', email: 'alice@nowhere' },
      /^Email/,
      'The email is not formatted correctly',
    ],
    [
      { username: 'alice', phone: '12345' },
      /^Phone/,
      'The format of the phone number is incorrect',
    ],
  ])('step 1 refuses %o beside %s with "%s"', async (input, label, message) => {
    await openStepOne();
    fill('Username', input.username);
    if (input.email !== undefined) fill(/^Email/, input.email);
    if (input.phone !== undefined) fill(/^Phone/, input.phone);
    click('Next');
    expect(await refusalOf(label)).toBe(message);
    expect(screen.queryByLabelText('Confirm Password')).toBeNull();
  });

  it('step 1 shows every refusal at once (issue 20 item 8)', async () => {
    await openStepOne();
    fill('Username', 'al1ce');
    fill(/^Email/, 'alice@nowhere');
    fill(/^Phone/, '12345');
    click('Next');
    expect(await refusalOf('Username')).toBe('Username can only contain English letters');
    expect(fieldError(/^Email/)).toBe('The email is not formatted correctly');
    expect(fieldError(/^Phone/)).toBe('The format of the phone number is incorrect');
  });

  it('says email or phone is recommended and that the connection is secure', async () => {
    await openStepOne();
    expect(screen.getByText(/Email or phone is recommended/)).toBeDefined();
    expect(await screen.findByText('Secure connection established', {}, SERVER_WAIT)).toBeDefined();
  });

  it.each([
    [
      'abcdefgh',
      'abcdefgh',
      'Password',
      'The password must be at least 8 digits long and contain both letters and numbers',
    ],
    [
      'abc123',
      'abc123',
      'Password',
      'The password must be at least 8 digits long and contain both letters and numbers',
    ],
    ['abcd1234', 'abcd12345', 'Confirm Password', 'Two different passwords'],
  ])(
    'step 2 refuses password %s / %s beside %s',
    async (password, confirmation, label, message) => {
      await openStepTwo(uniqueUsername('free'));
      fill('Password', password);
      fill('Confirm Password', confirmation);
      click('Sign up');
      expect(await refusalOf(label)).toBe(message);
    },
  );

  it('registers, shows the success note and goes to /login after 2 s', async () => {
    await openStepTwo(uniqueUsername('new'));
    fill('Password', 'abcd1234');
    fill('Confirm Password', 'abcd1234');
    click('Sign up');
    expect(await screen.findByText(/^Registration successful/, {}, SERVER_WAIT)).toBeDefined();
    expect(screen.queryByText(LOGIN_MARKER)).toBeNull();
    expect(await screen.findByText(LOGIN_MARKER, {}, SERVER_WAIT)).toBeDefined();
  });

  it('tells a taken username with the spec message at step 1, beside the field', async () => {
    const taken = await createUser(db());
    await openStepOne();
    fill('Username', taken.username);
    click('Next');
    expect(await refusalOf('Username')).toBe(
      'This username is already taken. Please try a different username.',
    );
    expect(screen.queryByLabelText('Confirm Password')).toBeNull();
  });
});
