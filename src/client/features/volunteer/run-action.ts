// Runs a volunteer action through the outbox. Its change shows at once; when the server
// refuses it while the volunteer waits, the refusal is an alert with the server's message
// (spec section 8 "Action failures"); one refused later shows under "Needs attention".
import type { ActionKind, TypedAction } from '../../offline/actions.ts';
import type { ActionOutcome } from '../../offline/outcome.ts';
import { submit } from '../../offline/submit.ts';

export async function runVolunteerAction<K extends ActionKind>(
  action: TypedAction<K>,
  fallback: string,
): Promise<ActionOutcome | null> {
  try {
    const outcome = await submit(action);
    if (outcome.kind === 'rejected') window.alert(outcome.message || fallback);
    return outcome;
  } catch (error) {
    window.alert(error instanceof Error && error.message !== '' ? error.message : fallback);
    return null;
  }
}
