// @vitest-environment jsdom
// Password recovery: the spec's required-field messages on both steps, with step 1 sent to a
// real server.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { ResetPasswordPage } from '../../../src/client/features/account/reset-password-page.tsx';
import { useClientServer } from '../support/client-server.ts';
import { alertText, click, fill, SERVER_WAIT } from '../support/form.ts';
import { renderPage } from '../support/render-page.tsx';

useClientServer();

describe('reset password page', () => {
  it('requires the email to request a code', async () => {
    renderPage('/reset_password', ResetPasswordPage);
    await screen.findByRole('heading', { name: 'Request a Recovery Code' });
    click('Send Recovery Code');
    expect(await alertText()).toBe('Email is required');
  });

  it('moves to step 2 once the server took the request, which needs all three fields', async () => {
    renderPage('/reset_password', ResetPasswordPage);
    await screen.findByRole('heading', { name: 'Request a Recovery Code' });
    fill('Email', 'nobody@example.org');
    click('Send Recovery Code');
    await screen.findByRole('heading', { name: 'Enter OTP & New Password' }, SERVER_WAIT);
    fill('New Password', 'abcd1234');
    click('Reset Password');
    expect(await alertText()).toBe('Email, OTP, and new password are required.');
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
});
