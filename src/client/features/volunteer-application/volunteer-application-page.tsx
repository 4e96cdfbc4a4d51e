// '/volunteerAppli' (spec section 2 "Volunteer application"): the 'JOIN US' form. Go Back
// returns to the previous page. The application goes through the outbox: sent now when the
// server can be reached, else kept and sent later ("Saved — will send when online").
import { useState, type SyntheticEvent } from 'react';
import { APPLICATION_LIMITS } from '#shared/contracts/applications';
import { volunteerApplicationErrors } from '#shared/rules/applications';
import { submit } from '../../offline/submit.ts';
import { useReceipt } from '../../offline/hooks.ts';
import { actionReceiptKey } from '../../offline/receipts.ts';
import { formOutcomeText, QUEUED_TEXT } from '../../offline/status-texts.ts';
import { Button } from '../../ui/button.tsx';
import { EMAIL_INPUT, FormFields, type FieldSpec } from '../../ui/form-fields.tsx';
import { ErrorMessage } from '../../ui/form-message.tsx';
import { useFieldErrors, useFormSend, useFormState } from '../../ui/form-state.ts';
import { FormActions } from '../../ui/page-layout.tsx';
import { ReceiptMessage } from '../../ui/receipt.tsx';
import { TitledPage } from '../../ui/titled-page.tsx';
import {
  applicationAction,
  EMPTY_APPLICATION,
  type ApplicationForm,
} from './application-action.ts';

export const SUBMISSION_FAILED = 'Submission failed';
const SENT_TEXT = 'Thank you! Your application has been submitted.'; // not in the spec

const { name, email, phone, notes } = APPLICATION_LIMITS;
const APPLICATION_FIELDS: readonly FieldSpec<keyof ApplicationForm>[] = [
  { name: 'firstName', label: 'First Name', autoComplete: 'given-name', maxLength: name },
  { name: 'lastName', label: 'Last Name', autoComplete: 'family-name', maxLength: name },
  { name: 'email', label: 'Email', ...EMAIL_INPUT, maxLength: email },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel', maxLength: phone },
  { name: 'notes', label: 'Notes', rows: 5, optional: true, maxLength: notes },
];

export function VolunteerApplicationPage() {
  const { form, change, setForm } = useFormState<ApplicationForm>(EMPTY_APPLICATION);
  const { busy, error, setError, send } = useFormSend();
  const fieldErrors = useFieldErrors<keyof ApplicationForm>();
  const [detail, setDetail] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // The application the form is showing, whose receipt is shown with `done`.
  const [receiptKey, setReceiptKey] = useState<string | null>(null);
  const receipt = useReceipt(receiptKey);

  async function apply(event: SyntheticEvent) {
    event.preventDefault();
    setError(null);
    setDetail(null);
    setDone(null);
    setReceiptKey(null);
    // Every refusal at once, beside its field (issue 20 item 6).
    if (!fieldErrors.report(volunteerApplicationErrors(form))) return;
    await send(
      async () => {
        const outcome = await submit(applicationAction(form, new Date()));
        if (outcome.kind === 'rejected') {
          setError(SUBMISSION_FAILED);
          setDetail(outcome.message);
          return;
        }
        setDone(outcome.kind === 'queued' ? QUEUED_TEXT : SENT_TEXT);
        setReceiptKey(actionReceiptKey(outcome.seq));
        setForm(EMPTY_APPLICATION);
      },
      () => SUBMISSION_FAILED,
    );
  }

  return (
    <TitledPage title="JOIN US" backLabel="Go Back" backTo="history">
      <form noValidate onSubmit={(event) => void apply(event)}>
        <FormFields
          fields={APPLICATION_FIELDS}
          values={form}
          onChange={(field, value) => {
            change(field, value);
            fieldErrors.clear(field);
          }}
          errors={fieldErrors.errors}
        />
        <ErrorMessage text={error} />
        {detail !== null && detail !== '' && <p>{detail}</p>}
        <ReceiptMessage state={receipt} text={formOutcomeText(done, receipt, SENT_TEXT)} />
        <FormActions>
          <Button type="submit" disabled={busy}>
            Submit
          </Button>
        </FormActions>
      </form>
    </TitledPage>
  );
}
