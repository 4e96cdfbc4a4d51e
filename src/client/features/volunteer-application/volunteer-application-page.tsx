// '/volunteerAppli' (spec section 2 "Volunteer application"): the 'JOIN US' form. Go Back
// returns to the previous page. The application goes through the outbox: sent now when the
// server can be reached, else kept and sent later ("Saved — will send when online").
import { useState, type SyntheticEvent } from 'react';
import { APPLICATION_LIMITS } from '#shared/contracts/applications';
import { validateVolunteerApplication } from '#shared/rules/applications';
import { submitAction } from '../../offline/engine.ts';
import { Button } from '../../ui/button.tsx';
import { ErrorMessage, SuccessMessage } from '../../ui/form-message.tsx';
import { FormActions } from '../../ui/page-layout.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { TitledPage } from '../../ui/titled-page.tsx';
import { TextAreaField } from '../../ui/text-area-field.tsx';
import { useBusy } from '../../ui/use-busy.ts';
import { QUEUED_TEXT } from '../../offline/status-texts.ts';
import {
  applicationAction,
  EMPTY_APPLICATION,
  type ApplicationForm,
} from './application-action.ts';

export const SUBMISSION_FAILED = 'Submission failed';
const SENT_TEXT = 'Thank you! Your application has been submitted.'; // not in the spec

export function VolunteerApplicationPage() {
  const [form, setForm] = useState<ApplicationForm>(EMPTY_APPLICATION);
  const [error, setError] = useState<string | null>(null);
  const [detail, setDetail] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const { busy, whileBusy } = useBusy();
  const field = (name: keyof ApplicationForm) => (value: string) =>
    setForm((current) => ({ ...current, [name]: value }));

  async function submit(event: SyntheticEvent) {
    event.preventDefault();
    setError(null);
    setDetail(null);
    setDone(null);
    const invalid = validateVolunteerApplication(form);
    if (invalid !== null) return setError(invalid);
    await whileBusy(async () => {
      try {
        const outcome = await submitAction(applicationAction(form, new Date()));
        if (outcome.kind === 'rejected') {
          setError(SUBMISSION_FAILED);
          setDetail(outcome.message);
          return;
        }
        setDone(outcome.kind === 'queued' ? QUEUED_TEXT : SENT_TEXT);
        setForm(EMPTY_APPLICATION);
      } catch {
        setError(SUBMISSION_FAILED);
      }
    });
  }

  const { name, email, phone, notes } = APPLICATION_LIMITS;
  return (
    <TitledPage title="JOIN US" backLabel="Go Back" backTo="history">
      <form noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label="First Name"
          autoComplete="given-name"
          maxLength={name}
          value={form.firstName}
          onChange={field('firstName')}
        />
        <TextField
          label="Last Name"
          autoComplete="family-name"
          maxLength={name}
          value={form.lastName}
          onChange={field('lastName')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          maxLength={email}
          value={form.email}
          onChange={field('email')}
        />
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          maxLength={phone}
          value={form.phone}
          onChange={field('phone')}
        />
        <TextAreaField
          rows={5}
          label="Notes"
          optional
          maxLength={notes}
          value={form.notes}
          onChange={field('notes')}
        />
        <ErrorMessage text={error} />
        {detail !== null && detail !== '' && <p>{detail}</p>}
        <SuccessMessage text={done} />
        <FormActions>
          <Button type="submit" disabled={busy}>
            Submit
          </Button>
        </FormActions>
      </form>
    </TitledPage>
  );
}
