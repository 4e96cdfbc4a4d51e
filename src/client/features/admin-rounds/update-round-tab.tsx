// Update Round (product-spec.md section 2): first the round ID (checked beside the field, then
// GET /api/admin/rounds/{id}; 'Error fetching round' under the form), then the edit form with the status select (PUT …/{id};
// 'Error updating round').
import { useState } from 'react';
import { idFromWire, MAX_ID } from '#shared/contracts/ids';
import { message, type Message } from '#shared/i18n/messages';
import { useT } from '../../i18n/i18n.ts';
import { Button } from '../../ui/button.tsx';
import { ErrorMessage } from '../../ui/form-message.tsx';
import { useFieldErrors } from '../../ui/form-state.ts';
import { FormActions } from '../../ui/page-layout.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useBusy } from '../../ui/use-busy.ts';
import { AdminForm } from '../../ui/admin/admin-kit.tsx';
import { ROUND_ERRORS, roundErrorText } from './round-errors.ts';
import { formOfRound, updateRoundBody, type RoundForm } from './round-form.ts';
import { RoundFormFields } from './round-form-fields.tsx';
import { loadRound, updateRound } from './rounds-api.ts';

interface Editing {
  roundId: number;
  form: RoundForm;
}

/** Load Round with no usable ID: said beside the field, and nothing is fetched. */
export const ROUND_ID_NEEDED: Message = message('rounds.update.roundIdNeeded', {
  max: String(MAX_ID),
});

function RoundIdStep({ onLoaded }: { onLoaded: (editing: Editing) => void }) {
  const t = useT();
  const [roundId, setRoundId] = useState('');
  const { busy, whileBusy } = useBusy();
  const fieldErrors = useFieldErrors<'roundId'>();
  // A refused fetch: 'Error fetching round: …' under the form, not an alert (issue 20 item 6).
  const [failure, setFailure] = useState<string | null>(null);
  const load = () =>
    whileBusy(async () => {
      setFailure(null);
      const id = idFromWire(roundId.trim());
      if (!fieldErrors.report(id === undefined ? { roundId: ROUND_ID_NEEDED } : {})) return;
      try {
        const reply = await loadRound(roundId.trim());
        onLoaded({ roundId: reply.round.roundId, form: formOfRound(reply.round) });
      } catch (error) {
        setFailure(roundErrorText(ROUND_ERRORS.fetchRound, error));
      }
    });
  return (
    <AdminForm label={t('rounds.update.chooseForm')} onSubmit={load}>
      <TextField
        label={t('rounds.update.roundId')}
        inputMode="numeric"
        value={roundId}
        onChange={(value) => {
          setRoundId(value);
          fieldErrors.clear('roundId');
        }}
        error={fieldErrors.errors.roundId}
      />
      <ErrorMessage text={failure} />
      <FormActions>
        <Button type="submit" disabled={busy}>
          {t('rounds.update.load')}
        </Button>
      </FormActions>
    </AdminForm>
  );
}

export function UpdateRoundTab({ onUpdated }: { onUpdated: (message: string) => void }) {
  const t = useT();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { busy, whileBusy } = useBusy();
  if (editing === null) return <RoundIdStep onLoaded={setEditing} />;
  const submit = () =>
    whileBusy(async () => {
      setFailure(null);
      try {
        const reply = await updateRound(editing.roundId, updateRoundBody(editing.form));
        setEditing(null);
        onUpdated(reply);
      } catch (error) {
        setFailure(roundErrorText(ROUND_ERRORS.update, error));
      }
    });
  return (
    <AdminForm label={t('rounds.update.form', { roundId: editing.roundId })} onSubmit={submit}>
      <p>
        {t('rounds.update.editing')} <strong>{editing.roundId}</strong>
      </p>
      <RoundFormFields
        form={editing.form}
        onChange={(form) => setEditing({ ...editing, form })}
        withStatus
      />
      <ErrorMessage text={failure} />
      <FormActions>
        <Button type="submit" disabled={busy}>
          {t('rounds.update.submit')}
        </Button>
        <Button variant="secondary" onClick={() => setEditing(null)}>
          {t('common.action.cancel')}
        </Button>
      </FormActions>
    </AdminForm>
  );
}
