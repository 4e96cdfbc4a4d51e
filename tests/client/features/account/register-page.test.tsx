// @vitest-environment jsdom
// The two-step sign-up: the spec's validation messages per step, then a real registration and
// the spec's refusal of a taken username, against a real server.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { RegisterPage } from '#client/features/account/register-page.tsx';
import { createUser, uniqueUsername } from '../../../support/factories.ts';
import { useClientServer } from '../../support/client-server.ts';
import { alertText, click, fill, SERVER_WAIT } from '../../support/form.ts';
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

describe('register page', () => {
  it.each<[{ username: string; email?: string; phone?: string }, string]>([
    [{ username: '' }, 'Username is required'],
    [{ username: 'al1ce' }, 'Username can only contain English letters'],
    [{ username: 'alice', email: 'alice@nowhere' }, 'The email is not formatted correctly'],
    [{ username: 'alice', phone: '12345' }, 'The format of the phone number is incorrect'],
  ])('step 1 refuses %o with "%s"', async (input, message) => {
    await openStepOne();
    fill('Username', input.username);
    if (input.email !== undefined) fill(/^Email/, input.email);
    if (input.phone !== undefined) fill(/^Phone/, input.phone);
    click('Next');
    expect(await alertText()).toBe(message);
    expect(screen.queryByLabelText('Confirm Password')).toBeNull();
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
      'The password must be at least 8 digits long and contain both letters and numbers',
    ],
    [
      'abc123',
      'abc123',
      'The password must be at least 8 digits long and contain both letters and numbers',
    ],
    ['abcd1234', 'abcd12345', 'Two different passwords'],
  ])('step 2 refuses password %s / %s', async (password, confirmation, message) => {
    await openStepTwo('alice');
    fill('Password', password);
    fill('Confirm Password', confirmation);
    click('Sign up');
    expect(await alertText()).toBe(message);
  });

  it('registers, shows the success note and goes to /login after 2 s', async () => {
    await openStepTwo(uniqueUsername('new'));
    fill('Password', 'abcd1234');
    fill('Confirm Password', 'abcd1234');
    click('Sign up');
    expect(await screen.findByText(/^Registration successful/, {}, SERVER_WAIT)).toBeDefined();
    expect(screen.queryByText(LOGIN_MARKER)).toBeNull();
    expect(await screen.findByText(LOGIN_MARKER, {}, SERVER_WAIT)).toBeDefined();
  });

  it('tells a taken username with the spec message', async () => {
    const taken = await createUser(db());
    await openStepTwo(taken.username);
    fill('Password', 'abcd1234');
    fill('Confirm Password', 'abcd1234');
    click('Sign up');
    expect(await alertText()).toBe(
      'This username is already taken. Please try a different username.',
    );
  });
});
