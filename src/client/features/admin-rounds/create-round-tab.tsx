// Create Round (POST /api/admin/rounds/create). A refusal alerts 'Error creating round: …'.
import { useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { FormActions } from '../../ui/page-layout.tsx';
import { useBusy } from '../../ui/use-busy.ts';
import { AdminForm } from '../../ui/admin/admin-kit.tsx';
import { alertRoundError, ROUND_ERRORS } from './round-errors.ts';
import { createRoundBody, EMPTY_ROUND_FORM, type RoundForm } from './round-form.ts';
import { RoundFormFields } from './round-form-fields.tsx';
import { createRound } from './rounds-api.ts';

export function CreateRoundTab({ onCreated }: { onCreated: (message: string) => void }) {
  const [form, setForm] = useState<RoundForm>(EMPTY_ROUND_FORM);
  const { busy, whileBusy } = useBusy();
  const submit = () =>
    whileBusy(async () => {
      try {
        const reply = await createRound(createRoundBody(form));
        setForm(EMPTY_ROUND_FORM);
        onCreated(`${reply.message} Round ID: ${reply.roundId}`);
      } catch (error) {
        alertRoundError(ROUND_ERRORS.create, error);
      }
    });
  return (
    <AdminForm label="Create Round" onSubmit={submit}>
      <RoundFormFields form={form} onChange={setForm} />
      <FormActions>
        <Button type="submit" disabled={busy}>
          Create Round
        </Button>
      </FormActions>
    </AdminForm>
  );
}
