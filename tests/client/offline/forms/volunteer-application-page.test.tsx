// @vitest-environment jsdom
// The 'JOIN US' form against a real server, through the offline engine: the spec's
// messages, a stored application (PENDING, with the submission time), and the server's
// refusal of a second pending application shown as 'Submission failed', and the receipt of an
// application queued offline going from waiting to sent in the form's one status line.
import '../support/fake-db.ts';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { APPLICATION_MESSAGES } from '#shared/rules/applications';
import { setApiBaseUrl } from '#client/api/api-client';
import { kickOutbox } from '#client/offline/engine';
import { queuedText } from '#client/offline/status-texts';
import { DUPLICATE_APPLICATION_MESSAGE } from '#server/applications/applications.service';
import { VolunteerApplicationPage } from '#client/features/volunteer-application/volunteer-application-page.tsx';
import { useClientServer } from '../../support/client-server.ts';
import { alertText, click, fieldError, fill } from '../../support/form.ts';
import { renderPage } from '../../support/render-page.tsx';
import { english } from '../../../support/english.ts';

const { server, db } = useClientServer({ offlineEngine: true });

async function openForm(): Promise<void> {
  renderPage('/volunteerAppli', VolunteerApplicationPage);
  await screen.findByRole('heading', { name: 'JOIN US' });
}

function fillApplication(email: string): void {
  fill('First Name', 'Grace');
  fill('Last Name', 'Hopper');
  fill('Email', email);
  fill('Phone', '+1 (555) 010-2030');
  fill(/Notes/, 'Evenings');
}

describe('volunteer application page', () => {
  it('shows the spec messages beside their fields, all at once (issue 20 item 8)', async () => {
    await openForm();
    click('Submit');
    await waitFor(() =>
      expect(fieldError('First Name')).toBe(english(APPLICATION_MESSAGES.volunteerFirstName)),
    );
    expect(fieldError('Last Name')).toBe(english(APPLICATION_MESSAGES.volunteerLastName));
    fill('First Name', 'Grace');
    fill('Last Name', 'Hopper');
    fill('Email', 'not-an-email');
    fill('Phone', 'call me');
    click('Submit');
    await waitFor(() =>
      expect(fieldError('Email')).toBe(english(APPLICATION_MESSAGES.volunteerEmail)),
    );
    expect(fieldError('Phone')).toBe(english(APPLICATION_MESSAGES.volunteerPhone));
    expect(fieldError('First Name')).toBeNull();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeDefined();
  });

  it('stores the application as PENDING with when Submit was pressed', async () => {
    await openForm();
    const email = `grace-${Date.now()}@example.org`;
    const before = Math.floor(Date.now() / 1000);
    fillApplication(email);
    click('Submit');
    expect(await screen.findByRole('status')).toBeDefined();
    const row = await db()
      .selectFrom('volunteer_applications')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ first_name: 'Grace', status: 'PENDING', notes: 'Evenings' });
    expect(Date.parse(row.submission_date) / 1000).toBeGreaterThanOrEqual(before);
  });

  it('shows Submission failed with the server’s reason when it refuses', async () => {
    await openForm();
    const email = `twice-${Date.now()}@example.org`;
    fillApplication(email);
    click('Submit');
    await screen.findByRole('status');
    fillApplication(email);
    click('Submit');
    expect(await alertText()).toBe('Submission failed');
    expect(await screen.findByText(DUPLICATE_APPLICATION_MESSAGE)).toBeDefined();
  });

  it('says Waiting to send offline, then Sent ✓ once the application went', async () => {
    await openForm();
    const email = `later-${Date.now()}@example.org`;
    setApiBaseUrl('http://127.0.0.1:9');
    fillApplication(email);
    click('Submit');
    const status = await screen.findByRole('status', undefined, { timeout: 10_000 });
    expect(await within(status).findByText('Waiting to send')).toBeDefined();
    expect(within(status).getByText(queuedText())).toBeDefined();

    setApiBaseUrl(server().baseUrl);
    kickOutbox('online');
    expect(await within(status).findByText('Sent ✓', undefined, { timeout: 10_000 })).toBeDefined();
    expect(within(status).queryByText(queuedText())).toBeNull();
    expect(screen.getAllByRole('status')).toHaveLength(1);
    const stored = await db()
      .selectFrom('volunteer_applications')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(stored).toHaveLength(1);
  });
});
