// @vitest-environment jsdom
// Password recovery: the spec's required-field messages on both steps, with step 1 sent to a
// real server.
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { ResetPasswordPage } from '#client/features/account/reset-password-page.tsx';
import { useClientServer } from '../../support/client-server.ts';
import { alertText, click, fieldError, fill, SERVER_WAIT } from '../../support/form.ts';
import { renderPage } from '../../support/render-page.tsx';

useClientServer({
  afterEachTest: () => {
    vi.restoreAllMocks();
  },
});

function emailValue(): string {
  return screen.getByLabelText<HTMLInputElement>('Email').value;
}

describe('reset password page', () => {
  it('requires the email to request a code', async () => {
    renderPage('/reset_password', ResetPasswordPage);
    await screen.findByRole('heading', { name: 'Request a Recovery Code' });
    click('Send Recovery Code');
    await waitFor(() => expect(fieldError('Email')).toBe('Email is required'));
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
  });

  it('moves to step 2 once the server took the request, which needs all three fields', async () => {
    renderPage('/reset_password', ResetPasswordPage);
    await screen.findByRole('heading', { name: 'Request a Recovery Code' });
    fill('Email', 'nobody@example.org');
    click('Send Recovery Code');
    await screen.findByRole('heading', { name: 'Enter OTP & New Password' }, SERVER_WAIT);
    fill('New Password', 'abcd1234');
    click('Reset Password');
    await waitFor(() => expect(fieldError('OTP')).toBe('OTP is required.'));
    expect(fieldError('New Password')).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('OTP'));
  });

  it('says what the server said when the code is wrong', async () => {
    renderPage('/reset_password', ResetPasswordPage);
    await screen.findByRole('heading', { name: 'Request a Recovery Code' });
    fill('Email', 'nobody@example.org');
    click('Send Recovery Code');
    await screen.findByRole('heading', { name: 'Enter OTP & New Password' }, SERVER_WAIT);
    fill('OTP', '000000');
    fill('New Password', 'abcd1234');
    click('Reset Password');
    const text = await alertText();
    expect(text).not.toBe('');
    expect(text).not.toBe('Email, OTP, and new password are required.');
  });

  it('"I already have a code" goes to step 2 with the typed email, asking the server nothing', async () => {
    const fetches = vi.spyOn(globalThis, 'fetch');
    renderPage('/reset_password', ResetPasswordPage);
    await screen.findByRole('heading', { name: 'Request a Recovery Code' });
    fill('Email', 'kim@example.org');
    click('I already have a code');
    await screen.findByRole('heading', { name: 'Enter OTP & New Password' });
    expect(emailValue()).toBe('kim@example.org');
    expect(screen.getByLabelText('OTP')).toBeDefined();
    expect(fetches).not.toHaveBeenCalled();
  });

  it("the mail's link fills in the email and points to step 2", async () => {
    renderPage('/reset_password', ResetPasswordPage, '/reset_password?email=kim%2Bv%40example.org');
    await screen.findByRole('heading', { name: 'Request a Recovery Code' });
    expect(emailValue()).toBe('kim+v@example.org');
    expect(screen.getByText(/filled in from the link in your mail/)).toBeDefined();
    click('I already have a code');
    await screen.findByRole('heading', { name: 'Enter OTP & New Password' });
    expect(emailValue()).toBe('kim+v@example.org');
  });

  it('without a link, step 1 starts empty and says nothing about one', async () => {
    renderPage('/reset_password', ResetPasswordPage);
    await screen.findByRole('heading', { name: 'Request a Recovery Code' });
    expect(emailValue()).toBe('');
    expect(screen.queryByText(/filled in from the link in your mail/)).toBeNull();
  });
});
