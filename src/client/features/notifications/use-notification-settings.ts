// The state and the two taps of the profile's "Notifications" part: the device's push switch
// and the email switch. Preferences show as this device knows them (the server's last word,
// or a change still waiting in the outbox); both switches send through the outbox.
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { NotificationPreferences } from '#shared/contracts/notifications';
import { NOTIFICATION_PREFERENCES_ENTITY, PUSH_DEVICE_ENTITY } from '../../offline/actions.ts';
import { useReceipt } from '../../offline/hooks.ts';
import { rememberPreferences, useStoredPreferences } from '../../offline/notification-prefs.ts';
import { formOutcomeText, queuedText } from '../../offline/status-texts.ts';
import { submit, type SubmitOutcome } from '../../offline/submit.ts';
import type { ReceiptTone } from '../../ui/receipt.tsx';
import { readPreferences, readPushPublicKey } from './notifications-api.ts';
import { preferencesAction, subscribeAction, unsubscribeAction } from './notification-actions.ts';
import {
  browserPush,
  disablePush,
  enablePush,
  readDeviceState,
  type DeviceState,
  type PushBrowser,
} from './push-device.ts';
import { say, type Saying } from '../../i18n/i18n.ts';
import { NOTIFICATION_NOTES, pushFailureText } from './notification-texts.ts';

/** What a switch said last, and whether it was bad news. */
export interface SwitchNote {
  /** A message (worded when shown), or a text already in the reader's language. */
  text: Saying;
  error: boolean;
}

export interface SwitchView {
  note: SwitchNote | null;
  receipt: ReceiptTone | null;
  busy: boolean;
}

/** The note after a queued action: sent, waiting, or the server's refusal. */
function outcomeNote(outcome: SubmitOutcome, sentText: Saying): SwitchNote {
  if (outcome.kind === 'rejected') {
    return {
      text: outcome.message === '' ? NOTIFICATION_NOTES.saveFailed : outcome.message,
      error: true,
    };
  }
  return { text: outcome.kind === 'queued' ? queuedText() : sentText, error: false };
}

/** A note whose "Saved — will send when online" becomes the sent text once its receipt says so. */
function liveNote(note: SwitchNote | null, receipt: ReceiptTone | null, sentText: Saying) {
  // Only the queued line (a text, never a message) changes with its receipt.
  if (note === null || note.error || typeof note.text !== 'string') return note;
  const text = formOutcomeText(note.text, receipt, say(sentText));
  return text === null ? null : { text, error: receipt === 'attention' };
}

/** The server's answer (also kept on the device), or why it could not be read. */
function usePreferencesLoad(userId: number): {
  problem: string | null;
  fetched: NotificationPreferences | null;
} {
  const [problem, setProblem] = useState<string | null>(null);
  const [fetched, setFetched] = useState<NotificationPreferences | null>(null);
  useEffect(() => {
    let live = true;
    readPreferences().then(
      (preferences) => {
        if (!live) return;
        setProblem(null);
        setFetched(preferences);
        // A browser without IndexedDB (some private modes) keeps nothing: the screen still
        // shows the answer just read.
        rememberPreferences(userId, preferences).catch(() => undefined);
      },
      (error: unknown) => {
        if (live) setProblem(error instanceof Error ? error.message : String(error));
      },
    );
    return () => {
      live = false;
    };
  }, [userId]);
  return { problem, fetched };
}

export function useNotificationSettings(userId: number, given?: PushBrowser) {
  const [browser] = useState<PushBrowser>(() => given ?? browserPush());
  const stored = useStoredPreferences(userId);
  const { problem: loadProblem, fetched } = usePreferencesLoad(userId);
  const preferences: NotificationPreferences | null = stored?.pending ?? stored?.known ?? fetched;
  const [device, setDevice] = useState<DeviceState | null>(null);
  const [pushNote, setPushNote] = useState<SwitchNote | null>(null);
  const [pushSentText, setPushSentText] = useState<Saying>(NOTIFICATION_NOTES.pushTurnedOn);
  const [emailNote, setEmailNote] = useState<SwitchNote | null>(null);
  const [emailSentText, setEmailSentText] = useState<Saying>(NOTIFICATION_NOTES.emailTurnedOn);
  const [pushBusy, setPushBusy] = useState(false);
  const [emailBusy, setEmailBusy] = useState(false);
  const pushReceipt = useReceipt(pushNote === null ? null : PUSH_DEVICE_ENTITY);
  const emailReceipt = useReceipt(emailNote === null ? null : NOTIFICATION_PREFERENCES_ENTITY);

  useEffect(() => {
    let live = true;
    void readDeviceState(browser).then((state) => {
      if (live) setDevice(state);
    });
    return () => {
      live = false;
    };
  }, [browser]);

  const savePreferences = useCallback(
    async (next: NotificationPreferences, sentText: Saying) => {
      const outcome = await submit(preferencesAction(userId, next));
      if (outcome.kind === 'sent') await rememberPreferences(userId, next);
      return outcomeNote(outcome, sentText);
    },
    [userId],
  );

  const turnPushOn = useCallback(async () => {
    // enablePush asks the browser's permission before its first await: still inside the tap.
    const result = await enablePush(browser, readPushPublicKey);
    switch (result.kind) {
      case 'unsupported':
        return setDevice(result);
      case 'denied':
        return setDevice({ kind: 'denied' });
      case 'dismissed':
        return setPushNote({ text: NOTIFICATION_NOTES.dismissed, error: false });
      case 'failed':
        return setPushNote({ text: pushFailureText(result.failure), error: true });
      case 'subscribed':
        break;
    }
    const outcome = await submit(subscribeAction(userId, result.subscription));
    if (outcome.kind === 'rejected') {
      // The server will not send there: keep the browser from holding a dead subscription.
      await disablePush(browser);
      setDevice({ kind: 'off' });
      return setPushNote(outcomeNote(outcome, NOTIFICATION_NOTES.pushTurnedOn));
    }
    setDevice({ kind: 'on', endpoint: result.subscription.endpoint });
    // Push was off for all the person's devices: turning it on here means on.
    if (preferences?.push === false) await savePreferences({ ...preferences, push: true }, '');
    setPushSentText(NOTIFICATION_NOTES.pushTurnedOn);
    setPushNote(outcomeNote(outcome, NOTIFICATION_NOTES.pushTurnedOn));
  }, [browser, userId, preferences, savePreferences]);

  const turnPushOff = useCallback(async () => {
    const endpoint = await disablePush(browser);
    setDevice({ kind: 'off' });
    setPushSentText(NOTIFICATION_NOTES.pushTurnedOff);
    if (endpoint === null) {
      return setPushNote({ text: NOTIFICATION_NOTES.pushTurnedOff, error: false });
    }
    const outcome = await submit(unsubscribeAction(userId, endpoint));
    setPushNote(outcomeNote(outcome, NOTIFICATION_NOTES.pushTurnedOff));
  }, [browser, userId]);

  const pushChecked = device?.kind === 'on' && preferences?.push !== false;

  /** The push switch's tap. Not async before enablePush: the permission ask needs the tap. */
  const togglePush = useCallback(() => {
    setPushBusy(true);
    setPushNote(null);
    const run = pushChecked ? turnPushOff() : turnPushOn();
    void run
      .catch(() => setPushNote({ text: NOTIFICATION_NOTES.saveFailed, error: true }))
      .finally(() => setPushBusy(false));
  }, [pushChecked, turnPushOff, turnPushOn]);

  const toggleEmail = useCallback(() => {
    if (preferences === null) return;
    const email = !preferences.email;
    const sentText = email ? NOTIFICATION_NOTES.emailTurnedOn : NOTIFICATION_NOTES.emailTurnedOff;
    setEmailBusy(true);
    setEmailNote(null);
    setEmailSentText(sentText);
    void savePreferences({ ...preferences, email }, sentText)
      .then(setEmailNote)
      .catch(() => setEmailNote({ text: NOTIFICATION_NOTES.saveFailed, error: true }))
      .finally(() => setEmailBusy(false));
  }, [preferences, savePreferences]);

  const push: SwitchView = useMemo(
    () => ({
      note: liveNote(pushNote, pushReceipt, pushSentText),
      receipt: pushReceipt,
      busy: pushBusy,
    }),
    [pushNote, pushReceipt, pushSentText, pushBusy],
  );
  const email: SwitchView = useMemo(
    () => ({
      note: liveNote(emailNote, emailReceipt, emailSentText),
      receipt: emailReceipt,
      busy: emailBusy,
    }),
    [emailNote, emailReceipt, emailSentText, emailBusy],
  );

  return {
    device,
    preferences,
    /** Why the preferences could not be read, when the device knows none yet. */
    loadProblem: preferences === null ? loadProblem : null,
    pushChecked,
    togglePush,
    toggleEmail,
    push,
    email,
  };
}
