// Update Round (product-spec.md section 2): first the round ID (GET /api/admin/rounds/{id};
// 'Error fetching round'), then the edit form with the status select (PUT …/{id};
// 'Error updating round').
import { useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { FormActions } from '../../ui/page-layout.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useBusy } from '../../ui/use-busy.ts';
import { AdminForm } from '../../ui/admin/admin-kit.tsx';
import { alertRoundError, ROUND_ERRORS } from './round-errors.ts';
import { formOfRound, updateRoundBody, type RoundForm } from './round-form.ts';
import { RoundFormFields } from './round-form-fields.tsx';
import { loadRound, updateRound } from './rounds-api.ts';

interface Editing {
  roundId: number;
  form: RoundForm;
}

function RoundIdStep({ onLoaded }: { onLoaded: (editing: Editing) => void }) {
  const [roundId, setRoundId] = useState('');
  const { busy, whileBusy } = useBusy();
  const load = () =>
    whileBusy(async () => {
      try {
        const reply = await loadRound(roundId.trim());
        onLoaded({ roundId: reply.round.roundId, form: formOfRound(reply.round) });
      } catch (error) {
        alertRoundError(ROUND_ERRORS.fetchRound, error);
      }
    });
  return (
    <AdminForm label="Choose the round to update" onSubmit={load}>
      <TextField label="Round ID" inputMode="numeric" value={roundId} onChange={setRoundId} />
      <FormActions>
        <Button type="submit" disabled={busy}>
          Load Round
        </Button>
      </FormActions>
    </AdminForm>
  );
}

export function UpdateRoundTab({ onUpdated }: { onUpdated: (message: string) => void }) {
  const [editing, setEditing] = useState<Editing | null>(null);
  const { busy, whileBusy } = useBusy();
  if (editing === null) return <RoundIdStep onLoaded={setEditing} />;
  const submit = () =>
    whileBusy(async () => {
      try {
        const message = await updateRound(editing.roundId, updateRoundBody(editing.form));
        setEditing(null);
        onUpdated(message);
      } catch (error) {
        alertRoundError(ROUND_ERRORS.update, error);
      }
    });
  return (
    <AdminForm label={`Update round ${editing.roundId}`} onSubmit={submit}>
      <p>
        Round ID: <strong>{editing.roundId}</strong>
      </p>
      <RoundFormFields
        form={editing.form}
        onChange={(form) => setEditing({ ...editing, form })}
        withStatus
      />
      <FormActions>
        <Button type="submit" disabled={busy}>
          Update Round
        </Button>
        <Button variant="secondary" onClick={() => setEditing(null)}>
          Cancel
        </Button>
      </FormActions>
    </AdminForm>
  );
}
