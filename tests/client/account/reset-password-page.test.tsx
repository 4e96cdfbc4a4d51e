// @vitest-environment jsdom
// Password recovery: the spec's required-field messages on both steps, with step 1 sent to a
// real server.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { startSecureSession } from '#client/api/api-client';
import { ResetPasswordPage } from '../../../src/client/features/account/reset-password-page.tsx';
import type { TestServer } from '../../support/build-app.ts';
import { startClientServer } from '../support/client-server.ts';
import { alertText, click, fill, SERVER_WAIT } from '../support/form.ts';
import { renderPage } from '../support/render-page.tsx';

let server: TestServer;

beforeAll(async () => {
  server = await startClientServer();
  await startSecureSession();
});

afterAll(async () => {
  await server.close();
});

afterEach(cleanup);

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
