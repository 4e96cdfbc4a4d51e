// @vitest-environment jsdom
// The feedback form against a real server, through the offline engine: the spec's
// messages, a sent submission (stored once, then home after 1.5 s), and a queued one when the
// server cannot be reached ("Saved — will send when online"), sent later with its key.
import '../support/fake-db.ts';
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { FEEDBACK_MESSAGES } from '#shared/rules/feedback';
import { setApiBaseUrl } from '#client/api/api-client';
import { getAppDb } from '#client/offline/app-db';
import { kickOutbox } from '#client/offline/engine';
import { FeedbackPage } from '#client/features/feedback/feedback-page.tsx';
import { queuedText } from '#client/offline/status-texts';
import { useClientServer } from '../../support/client-server.ts';
import { click, fieldError, fill } from '../../support/form.ts';
import { HOME_MARKER, renderPage } from '../../support/render-page.tsx';
import { english } from '../../../support/english.ts';

const { server, db } = useClientServer({ offlineEngine: true });

async function storedCount(content: string): Promise<number> {
  const rows = await db()
    .selectFrom('feedback')
    .select('id')
    .where('content', '=', content)
    .execute();
  return rows.length;
}

async function openForm(): Promise<void> {
  renderPage('/feedback', FeedbackPage);
  await screen.findByRole('heading', { name: 'Feedback' });
}

describe('feedback page', () => {
  it('asks for the content and the phone number, each beside its field', async () => {
    await openForm();
    fill('Phone Number', '');
    click('Submit');
    await waitFor(() =>
      expect(fieldError('Feedback')).toBe(english(FEEDBACK_MESSAGES.feedbackContent)),
    );
    expect(fieldError('Phone Number')).toBe(english(FEEDBACK_MESSAGES.feedbackPhone));
    expect(document.activeElement).toBe(screen.getByLabelText('Phone Number'));
    fill('Phone Number', '5551234567');
    expect(fieldError('Phone Number')).toBeNull();
    click('Submit');
    await waitFor(() =>
      expect(fieldError('Feedback')).toBe(english(FEEDBACK_MESSAGES.feedbackContent)),
    );
    expect(document.activeElement).toBe(screen.getByLabelText('Feedback'));
    fill('Phone Number', '');
    fill('Feedback', 'Great service');
    click('Submit');
    await waitFor(() =>
      expect(fieldError('Phone Number')).toBe(english(FEEDBACK_MESSAGES.feedbackPhone)),
    );
    expect(fieldError('Feedback')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDefined();
  });

  it('sends the feedback, says so, and goes home after 1.5 s', async () => {
    await openForm();
    const content = `Thanks ${Date.now()}`;
    fill('Phone Number', '5551234567');
    fill('Feedback', content);
    click('Submit');
    expect(await screen.findByText('Feedback submitted successfully.')).toBeDefined();
    expect(await storedCount(content)).toBe(1);
    expect(await screen.findByText(HOME_MARKER, undefined, { timeout: 3000 })).toBeDefined();
  });

  it('keeps the feedback when the server cannot be reached and sends it later', async () => {
    await openForm();
    const content = `Offline ${Date.now()}`;
    setApiBaseUrl('http://127.0.0.1:9');
    fill('Phone Number', '5551234567');
    fill('Feedback', content);
    click('Submit');
    expect(await screen.findByText(queuedText(), undefined, { timeout: 10_000 })).toBeDefined();
    const queued = await getAppDb().outbox.where('status').equals('queued').toArray();
    expect(queued.map((r) => (r.payload as { content: string }).content)).toContain(content);
    expect(await storedCount(content)).toBe(0);

    setApiBaseUrl(server().baseUrl);
    kickOutbox('online');
    await expect.poll(() => storedCount(content), { timeout: 10_000 }).toBe(1);
  });
});
