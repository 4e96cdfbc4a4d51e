// A queued action's receipt in words (issue 17 item 3), shown where the action was made: the
// state is said, never only coloured, and announced politely as it changes (role=status).
import { useState } from 'react';
import type { MessageId } from '#shared/i18n/messages';
import { useT } from '../i18n/i18n.ts';
import message from './form-message.module.css';
import styles from './receipt.module.css';

export type ReceiptTone = 'waiting' | 'sent' | 'attention';

export const RECEIPT_TEXTS = {
  waiting: 'common.receipt.waiting',
  sent: 'common.receipt.sent',
  attention: 'common.offline.needsAttention',
} as const satisfies Record<ReceiptTone, MessageId>;

/**
 * The receipt on a card. Queuing is news the shell's status message already says ("Saved —
 * will send when online: …"), so a receipt that opens on "Waiting to send" shows it outside its
 * live region: a screen reader hears the action once. The region is on the card from the
 * start, so what changes afterwards (Sent ✓, Needs attention) is heard.
 */
export function Receipt({ state }: { state: ReceiptTone | null }) {
  const t = useT();
  const [opened] = useState(state);
  const [changed, setChanged] = useState(false);
  if (!changed && state !== opened) setChanged(true);
  if (state === null) return null;
  const quiet = !changed && state === 'waiting';
  return (
    <span className={`${styles.receipt} ${styles[state] ?? ''}`}>
      {quiet && t(RECEIPT_TEXTS.waiting)}
      <span role="status">{quiet ? '' : t(RECEIPT_TEXTS[state])}</span>
    </span>
  );
}

const MESSAGE_TONE: Record<ReceiptTone, 'waiting' | 'success' | 'error'> = {
  waiting: 'waiting',
  sent: 'success',
  attention: 'error',
};

/**
 * A form's outcome line with its action's receipt in one status region (a form has one:
 * a second would announce the same news twice): the receipt's words, then the form's own.
 */
export function ReceiptMessage({
  state,
  text,
}: {
  state: ReceiptTone | null;
  text: string | null;
}) {
  const t = useT();
  if (state === null && (text === null || text === '')) return null;
  // Until the receipt is read, the form's own words stand in a neutral tone.
  const tone = state === null ? 'waiting' : MESSAGE_TONE[state];
  return (
    <p role="status" className={`${message.message} ${message[tone] ?? ''}`}>
      {state !== null && (
        <span className={`${styles.receipt} ${styles[state] ?? ''}`}>
          {t(RECEIPT_TEXTS[state])}
        </span>
      )}{' '}
      {text !== null && text !== '' && <span>{text}</span>}
    </p>
  );
}
