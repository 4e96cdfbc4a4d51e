// The one way a screen sends an action: queue it with its optimistic change (engine.ts
// queueAction: outbox, kick of the replayer), wait a little for the server, and acknowledge
// what the screen has seen. 'sent' and 'rejected' are answers the screen shows, so the row
// goes (unless the kind keeps a sent row for a notice); 'queued' stays in the outbox and the
// replayer sends it when the server can be reached (its refusal then waits under "Needs
// attention").
import { declarationOf, type ActionKind, type TypedAction } from './actions.ts';
import { getAppDb } from './app-db.ts';
import { queueAction } from './engine.ts';
import { acknowledge } from './outbox.ts';
import { awaitOutcome, type ActionOutcome } from './outcome.ts';

/** How long a screen waits for the server before saying "Saved — will send when online". */
export const FORM_WAIT_MS = 8_000;

/** The outcome, and the action's seq (a form without an entity reads its receipt by it). */
export type SubmitOutcome = ActionOutcome & { seq: number };

export async function submit<K extends ActionKind>(action: TypedAction<K>): Promise<SubmitOutcome> {
  const db = getAppDb();
  const seq = await queueAction(action);
  const outcome = await awaitOutcome(db, seq, navigator.onLine ? FORM_WAIT_MS : 0);
  if (outcome.kind === 'queued') return { ...outcome, seq };
  const declaration = declarationOf(action.kind);
  if (outcome.kind === 'sent') {
    await declaration?.afterSent?.(db);
    if (declaration?.keepSent?.(outcome.verdict.body) === true) return { ...outcome, seq };
  }
  await acknowledge(db, seq);
  return { ...outcome, seq };
}
