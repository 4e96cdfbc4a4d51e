// '/volunteerAppli' (spec section 2 "Volunteer application"): the 'JOIN US' form. Go Back
// returns to the previous page. The application goes through the outbox: sent now when the
// server can be reached, else kept and sent later ("Saved — will send when online").
import { useState, type SyntheticEvent } from 'react';
import { APPLICATION_LIMITS } from '#shared/contracts/applications';
import { volunteerApplicationErrors } from '#shared/rules/applications';
import { message } from '#shared/i18n/messages';
import { useT, type Translate } from '../../i18n/i18n.ts';
import { submit } from '../../offline/submit.ts';
import { useReceipt } from '../../offline/hooks.ts';
import { actionReceiptKey } from '../../offline/receipts.ts';
import { formOutcomeText, queuedText } from '../../offline/status-texts.ts';
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

const { name, email, phone, notes } = APPLICATION_LIMITS;

/** The form's fields, labelled in the current language (made at render). */
function applicationFields(t: Translate): readonly FieldSpec<keyof ApplicationForm>[] {
  return [
    {
      name: 'firstName',
      label: t('volunteer.application.firstName'),
      autoComplete: 'given-name',
      maxLength: name,
    },
    {
      name: 'lastName',
      label: t('volunteer.application.lastName'),
      autoComplete: 'family-name',
      maxLength: name,
    },
    { name: 'email', label: t('volunteer.application.email'), ...EMAIL_INPUT, maxLength: email },
    {
      name: 'phone',
      label: t('volunteer.application.phone'),
      type: 'tel',
      autoComplete: 'tel',
      maxLength: phone,
    },
    {
      name: 'notes',
      label: t('volunteer.application.notes'),
      rows: 5,
      optional: true,
      maxLength: notes,
    },
  ];
}

export function VolunteerApplicationPage() {
  const t = useT();
  // The thanks (not in the spec) once the server took it, in the language of the moment.
  const sentText = t('volunteer.application.sent');
  const { form, change, setForm } = useFormState<ApplicationForm>(EMPTY_APPLICATION);
  const { busy, error, setError, send } = useFormSend();
  const fieldErrors = useFieldErrors<keyof ApplicationForm>();
  const [detail, setDetail] = useState<string | null>(null);
  // What Submit did (worded at render, so a language switch words it again).
  const [done, setDone] = useState<'queued' | 'sent' | null>(null);
  // The application the form is showing, whose receipt is shown with `done`.
  const [receiptKey, setReceiptKey] = useState<string | null>(null);
  const receipt = useReceipt(receiptKey);
  const doneText = done === null ? null : done === 'queued' ? queuedText() : sentText;

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
          setError(message('volunteer.application.failed'));
          setDetail(outcome.message);
          return;
        }
        setDone(outcome.kind === 'queued' ? 'queued' : 'sent');
        setReceiptKey(actionReceiptKey(outcome.seq));
        setForm(EMPTY_APPLICATION);
      },
      () => message('volunteer.application.failed'),
    );
  }

  return (
    <TitledPage
      title={t('volunteer.application.title')}
      backLabel={t('volunteer.application.back')}
      backTo="history"
    >
      <form noValidate onSubmit={(event) => void apply(event)}>
        <FormFields
          fields={applicationFields(t)}
          values={form}
          onChange={(field, value) => {
            change(field, value);
            fieldErrors.clear(field);
          }}
          errors={fieldErrors.errors}
        />
        <ErrorMessage text={error} />
        {detail !== null && detail !== '' && <p>{detail}</p>}
        <ReceiptMessage state={receipt} text={formOutcomeText(doneText, receipt, sentText)} />
        <FormActions>
          <Button type="submit" disabled={busy}>
            {t('volunteer.application.submit')}
          </Button>
        </FormActions>
      </form>
    </TitledPage>
  );
}
