// Create Round (POST /api/admin/rounds/create). A refusal shows 'Error creating round: …' under
// the form (inline, not an alert: issue 20 item 6).
import { useState } from 'react';
import { useT } from '../../i18n/i18n.ts';
import { Button } from '../../ui/button.tsx';
import { ErrorMessage } from '../../ui/form-message.tsx';
import { FormActions } from '../../ui/page-layout.tsx';
import { useBusy } from '../../ui/use-busy.ts';
import { AdminForm } from '../../ui/admin/admin-kit.tsx';
import { ROUND_ERRORS, roundErrorText } from './round-errors.ts';
import { createRoundBody, EMPTY_ROUND_FORM, type RoundForm } from './round-form.ts';
import { RoundFormFields } from './round-form-fields.tsx';
import { createRound } from './rounds-api.ts';

export function CreateRoundTab({ onCreated }: { onCreated: (message: string) => void }) {
  const t = useT();
  const [form, setForm] = useState<RoundForm>(EMPTY_ROUND_FORM);
  const { busy, whileBusy } = useBusy();
  const [failure, setFailure] = useState<string | null>(null);
  const submit = () =>
    whileBusy(async () => {
      setFailure(null);
      try {
        const reply = await createRound(createRoundBody(form));
        setForm(EMPTY_ROUND_FORM);
        onCreated(t('rounds.create.created', { message: reply.message, roundId: reply.roundId }));
      } catch (error) {
        setFailure(roundErrorText(ROUND_ERRORS.create, error));
      }
    });
  return (
    <AdminForm label={t('rounds.create.form')} onSubmit={submit}>
      <RoundFormFields form={form} onChange={setForm} />
      <ErrorMessage text={failure} />
      <FormActions>
        <Button type="submit" disabled={busy}>
          {t('rounds.create.submit')}
        </Button>
      </FormActions>
    </AdminForm>
  );
}
