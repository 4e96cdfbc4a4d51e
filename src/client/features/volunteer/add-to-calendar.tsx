// "Add to calendar" on the volunteer dashboard (issue 19; beyond-spec.md section 3 "Calendar
// feed"): the private feed link of the volunteer's rounds, with Copy link, a webcal: link that
// opens the device's calendar app to subscribe, and Get a new link (after a confirmation:
// the old link stops working). The link is read when the dialog first opens.
import { useEffect, useId, useRef, useState } from 'react';
import { message, type MessageId } from '#shared/i18n/messages';
import { say, useT, type Saying } from '../../i18n/i18n.ts';
import { useConfirm } from '../../ui/confirm-dialog.tsx';
import { ApiError } from '../../api/api-client.ts';
import { useOnline } from '../../offline/hooks.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { Modal, ModalClose } from '../../ui/modal.tsx';
import {
  knownCalendarLink,
  loadCalendarLink,
  rotateCalendarLink,
  webcalOf,
} from './calendar-link.ts';
import styles from './add-to-calendar.module.css';
import panelStyles from './volunteer.module.css';

/**
 * What a failed call says: offline in words, else the server's message (already in the
 * reader's language), else that the link could not be loaded.
 */
function messageOf(reason: unknown, offline: MessageId): Saying {
  if (reason instanceof ApiError && reason.code === 'NETWORK_ERROR') return message(offline);
  if (reason instanceof ApiError && reason.fromServer) return reason.message;
  return message('volunteer.feed.failed');
}

interface LinkState {
  link: string | null;
  /** The polite line under the link: copied, a new link, offline. Kept as messages, so a
   * language switch while the dialog is open words them again. */
  status: Saying;
  error: Saying | null;
}

/** The link (read once per tab, when first shown) and the dialog's lines. */
function useCalendarLink(userId: number, online: boolean) {
  const [state, setState] = useState<LinkState>(() => ({
    link: knownCalendarLink(userId),
    status: '',
    error: null,
  }));
  const haveLink = state.link !== null;
  useEffect(() => {
    if (haveLink || !online) return;
    let live = true;
    loadCalendarLink(userId).then(
      (link) => live && setState((s) => ({ ...s, link, error: null })),
      (reason: unknown) =>
        live && setState((s) => ({ ...s, error: messageOf(reason, 'volunteer.feed.offlineLoad') })),
    );
    return () => {
      live = false;
    };
  }, [haveLink, online, userId]);
  return [state, setState] as const;
}

export function AddToCalendar({ userId }: { userId: number }) {
  const t = useT();
  const headingId = useId();
  const [open, setOpen] = useState(false);
  return (
    <section className={panelStyles.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t('volunteer.feed.panelTitle')}
      </h2>
      <p className={styles.text}>{t('volunteer.feed.panelText')}</p>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <CalendarIcon />
        {t('volunteer.feed.open')}
      </Button>
      {open && <CalendarLinkDialog userId={userId} onClose={() => setOpen(false)} />}
    </section>
  );
}

function CalendarLinkDialog({ userId, onClose }: { userId: number; onClose: () => void }) {
  const t = useT();
  const online = useOnline();
  const [state, setState] = useCalendarLink(userId, online);
  const [busy, setBusy] = useState(false);
  const { confirm, dialog: question } = useConfirm();
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const tell = (status: Saying) => setState((s) => ({ ...s, status }));

  const copy = async () => {
    if (state.link === null) return;
    try {
      await navigator.clipboard.writeText(state.link);
      tell(message('volunteer.feed.copied'));
    } catch {
      input.current?.select();
      tell(message('volunteer.feed.copyFailed'));
    }
  };
  const rotate = async () => {
    if (busy) return;
    tell('');
    const yes = await confirm({
      title: t('volunteer.feed.rotateTitle'),
      description: t('volunteer.feed.rotateQuestion'),
      confirmLabel: t('volunteer.feed.rotate'),
      keepLabel: t('volunteer.feed.rotateCancel'),
      tone: 'danger',
    });
    if (!yes) return;
    // Read at the answer: the device may have gone offline while the question was open.
    if (!navigator.onLine) {
      tell(message('volunteer.feed.offlineRotate'));
      return;
    }
    setBusy(true);
    try {
      const link = await rotateCalendarLink(userId);
      setState({ link, status: message('volunteer.feed.rotated'), error: null });
    } catch (reason) {
      setState((s) => ({
        ...s,
        status: '',
        error: messageOf(reason, 'volunteer.feed.offlineRotate'),
      }));
    } finally {
      setBusy(false);
    }
  };

  const waiting = state.link === null && state.error === null;
  return (
    <Modal
      open
      onOpenChange={(next) => !next && onClose()}
      title={t('volunteer.feed.open')}
      description={t('volunteer.feed.description')}
      actions={
        <ModalClose asChild>
          <Button variant="quiet">{t('volunteer.dialog.close')}</Button>
        </ModalClose>
      }
    >
      <div className={styles.field}>
        <label htmlFor={inputId} className={styles.label}>
          {t('volunteer.feed.linkLabel')}
        </label>
        <input
          id={inputId}
          ref={input}
          className={styles.link}
          readOnly
          value={
            state.link ??
            (waiting
              ? online
                ? t('volunteer.feed.loading')
                : t('volunteer.feed.offlineLoad')
              : '')
          }
          aria-busy={waiting && online}
          onFocus={(event) => state.link !== null && event.currentTarget.select()}
        />
      </div>
      {state.error !== null && (
        <p role="alert" className={styles.error}>
          {say(state.error)}
        </p>
      )}
      {state.link !== null && (
        <div className={styles.actions}>
          <Button onClick={() => void copy()}>{t('volunteer.feed.copy')}</Button>
          <a className={buttonClass('secondary')} href={webcalOf(state.link)}>
            {t('volunteer.feed.openInApp')}
          </a>
          {/* Not disabled while a rotate runs: a disabled button drops focus to the page,
              where the confirmation had just returned it. */}
          <Button variant="quiet" aria-disabled={busy} onClick={() => void rotate()}>
            {t('volunteer.feed.rotate')}
          </Button>
        </div>
      )}
      {/* Always in the page, so each new line is announced (a live region added with its
          text is not read by every screen reader). The shell's status toasts are hidden from
          screen readers while this dialog is open (the dialog hides what is outside it). */}
      <p role="status" className={styles.status}>
        {say(state.status)}
      </p>
      {question}
    </Modal>
  );
}

function CalendarIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M7 2v2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2h-2V2h-2v2H9V2H7Zm-2 7h14v11H5V9Zm6 2v3H8v2h3v3h2v-3h3v-2h-3v-3h-2Z"
      />
    </svg>
  );
}
