// Create Round (POST /api/admin/rounds/create). A refusal alerts 'Error creating round: …'.
import { useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { FormActions } from '../../ui/page-layout.tsx';
import { alertRoundError, ROUND_ERRORS } from './round-errors.ts';
import { createRoundBody, EMPTY_ROUND_FORM, type RoundForm } from './round-form.ts';
import { RoundFormFields } from './round-form-fields.tsx';
import { createRound } from './rounds-api.ts';

export function CreateRoundTab({ onCreated }: { onCreated: (message: string) => void }) {
  const [form, setForm] = useState<RoundForm>(EMPTY_ROUND_FORM);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      const reply = await createRound(createRoundBody(form));
      setForm(EMPTY_ROUND_FORM);
      onCreated(`${reply.message} Round ID: ${reply.roundId}`);
    } catch (error) {
      alertRoundError(ROUND_ERRORS.create, error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      noValidate
      aria-label="Create Round"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <RoundFormFields form={form} onChange={setForm} />
      <FormActions>
        <Button type="submit" disabled={busy}>
          Create Round
        </Button>
      </FormActions>
    </form>
  );
}
