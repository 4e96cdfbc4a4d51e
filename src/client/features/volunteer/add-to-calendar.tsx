// "Add to calendar" on the volunteer dashboard (issue 19; beyond-spec.md section 3 "Calendar
// feed"): the private feed link of the volunteer's rounds, with Copy link, a webcal: link that
// opens the device's calendar app to subscribe, and Get a new link (after a confirmation:
// the old link stops working). The link is read when the dialog first opens.
import { useEffect, useId, useRef, useState } from 'react';
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

export const ADD_TO_CALENDAR_TEXTS = {
  panelTitle: 'Your rounds in your calendar',
  panelText:
    'Your phone’s or computer’s calendar app can show the rounds you signed up for and keep them up to date.',
  open: 'Add to calendar',
  description:
    'Your calendar app reads your upcoming rounds from this private link. Anyone who has the link can see when and where your rounds are, so share it with no one.',
  linkLabel: 'Calendar link',
  loading: 'Loading the link…',
  copy: 'Copy link',
  copied: 'Link copied',
  copyFailed: 'The link could not be copied. Select it and copy it yourself.',
  openInApp: 'Open in calendar app',
  rotate: 'Get a new link',
  rotateTitle: 'Get a new calendar link?',
  rotateQuestion:
    'The old link stops working: calendars that use it no longer get your rounds. Add the new link to them.',
  rotateCancel: 'Keep this link',
  rotated: 'A new link was made. The old link no longer works.',
  offlineLoad: 'You’re offline. The link shows here once you’re back online.',
  offlineRotate: 'You’re offline. Connect to the internet to get a new link.',
  failed: 'The calendar link could not be loaded. Try again.',
  close: 'Close',
} as const;

const T = ADD_TO_CALENDAR_TEXTS;

/** What a failed call says: offline in words, else the server's message, else `fallback`. */
function messageOf(reason: unknown, offline: string, fallback: string): string {
  if (reason instanceof ApiError && reason.code === 'NETWORK_ERROR') return offline;
  return reason instanceof ApiError && reason.fromServer ? reason.message : fallback;
}

interface LinkState {
  link: string | null;
  /** The polite line under the link: copied, a new link, offline. */
  status: string;
  error: string | null;
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
        live && setState((s) => ({ ...s, error: messageOf(reason, T.offlineLoad, T.failed) })),
    );
    return () => {
      live = false;
    };
  }, [haveLink, online, userId]);
  return [state, setState] as const;
}

export function AddToCalendar({ userId }: { userId: number }) {
  const headingId = useId();
  const [open, setOpen] = useState(false);
  return (
    <section className={panelStyles.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {T.panelTitle}
      </h2>
      <p className={styles.text}>{T.panelText}</p>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <CalendarIcon />
        {T.open}
      </Button>
      {open && <CalendarLinkDialog userId={userId} onClose={() => setOpen(false)} />}
    </section>
  );
}

function CalendarLinkDialog({ userId, onClose }: { userId: number; onClose: () => void }) {
  const online = useOnline();
  const [state, setState] = useCalendarLink(userId, online);
  const [busy, setBusy] = useState(false);
  const { confirm, dialog: question } = useConfirm();
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const say = (status: string) => setState((s) => ({ ...s, status }));

  const copy = async () => {
    if (state.link === null) return;
    try {
      await navigator.clipboard.writeText(state.link);
      say(T.copied);
    } catch {
      input.current?.select();
      say(T.copyFailed);
    }
  };
  const rotate = async () => {
    if (busy) return;
    say('');
    const yes = await confirm({
      title: T.rotateTitle,
      description: T.rotateQuestion,
      confirmLabel: T.rotate,
      keepLabel: T.rotateCancel,
      tone: 'danger',
    });
    if (!yes) return;
    // Read at the answer: the device may have gone offline while the question was open.
    if (!navigator.onLine) {
      say(T.offlineRotate);
      return;
    }
    setBusy(true);
    try {
      const link = await rotateCalendarLink(userId);
      setState({ link, status: T.rotated, error: null });
    } catch (reason) {
      setState((s) => ({ ...s, status: '', error: messageOf(reason, T.offlineRotate, T.failed) }));
    } finally {
      setBusy(false);
    }
  };

  const waiting = state.link === null && state.error === null;
  return (
    <Modal
      open
      onOpenChange={(next) => !next && onClose()}
      title={T.open}
      description={T.description}
      actions={
        <ModalClose asChild>
          <Button variant="quiet">{T.close}</Button>
        </ModalClose>
      }
    >
      <div className={styles.field}>
        <label htmlFor={inputId} className={styles.label}>
          {T.linkLabel}
        </label>
        <input
          id={inputId}
          ref={input}
          className={styles.link}
          readOnly
          value={state.link ?? (waiting ? (online ? T.loading : T.offlineLoad) : '')}
          aria-busy={waiting && online}
          onFocus={(event) => state.link !== null && event.currentTarget.select()}
        />
      </div>
      {state.error !== null && (
        <p role="alert" className={styles.error}>
          {state.error}
        </p>
      )}
      {state.link !== null && (
        <div className={styles.actions}>
          <Button onClick={() => void copy()}>{T.copy}</Button>
          <a className={buttonClass('secondary')} href={webcalOf(state.link)}>
            {T.openInApp}
          </a>
          {/* Not disabled while a rotate runs: a disabled button drops focus to the page,
              where the confirmation had just returned it. */}
          <Button variant="quiet" aria-disabled={busy} onClick={() => void rotate()}>
            {T.rotate}
          </Button>
        </div>
      )}
      {/* Always in the page, so each new line is announced (a live region added with its
          text is not read by every screen reader). The shell's status toasts are hidden from
          screen readers while this dialog is open (radix hides what is outside it). */}
      <p role="status" className={styles.status}>
        {state.status}
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
