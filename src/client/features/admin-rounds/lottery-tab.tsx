// The round dialog's Run Lottery tab: fills the free slots from the waitlist
// (POST /api/admin/rounds/{id}/lottery) and shows who was selected ('Error running lottery').
import { useState } from 'react';
import type { AdminRound, SelectedVolunteer } from '#shared/contracts/admin-rounds';
import { useT } from '../../i18n/i18n.ts';
import { Button } from '../../ui/button.tsx';
import { ActionRecord } from '../../ui/form-message.tsx';
import { useBusy } from '../../ui/use-busy.ts';
import { announce } from '../../ui/status-toast.tsx';
import { alertRoundError, ROUND_ERRORS } from './round-errors.ts';
import { runLottery } from './rounds-api.ts';
import styles from './rounds.module.css';

interface Result {
  message: string;
  selected: SelectedVolunteer[];
}

function nameOf(volunteer: SelectedVolunteer): string {
  const name = [volunteer.firstName, volunteer.lastName].filter(
    (part) => part !== null && part !== '',
  );
  return name.length === 0 ? volunteer.username : `${name.join(' ')} (${volunteer.username})`;
}

export function LotteryTab({ round, onChanged }: { round: AdminRound; onChanged: () => void }) {
  const t = useT();
  const [result, setResult] = useState<Result | null>(null);
  const { busy, whileBusy } = useBusy();
  const run = async () => {
    await whileBusy(async () => {
      try {
        const reply = await runLottery(round.roundId);
        setResult({ message: reply.message, selected: reply.selectedVolunteers });
        announce(reply.message);
        onChanged();
      } catch (error) {
        alertRoundError(ROUND_ERRORS.lottery, error);
      }
    });
  };
  return (
    <>
      <p>
        {t('rounds.lottery.about', {
          free: round.availableSlots,
          waitlisted: round.waitlistedCount,
        })}
      </p>
      <div className={styles.runLottery}>
        <Button onClick={() => void run()} disabled={busy}>
          {t('rounds.lottery.run')}
        </Button>
      </div>
      {result !== null && (
        <section aria-label={t('rounds.lottery.result')}>
          <ActionRecord text={result.message} />
          {result.selected.length > 0 && (
            <>
              <h3>{t('rounds.lottery.selected')}</h3>
              <ul className={styles.selected}>
                {result.selected.map((volunteer) => (
                  <li key={volunteer.signupId}>{nameOf(volunteer)}</li>
                ))}
              </ul>
            </>
          )}
        </section>
      )}
    </>
  );
}
