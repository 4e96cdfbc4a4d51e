// The profile's "Notifications" part (issue 19; beyond-spec.md section 3 "Preferences"): push
// on this device and email, each a switch with its state in words under it, and what became
// of the last tap (sent, waiting to send, or why not) in one status line per switch.
import { useId } from 'react';
import { say, useT, type Translate } from '../../i18n/i18n.ts';
import type { SessionUser } from '../../session/session-user.ts';
import { ErrorMessage } from '../../ui/form-message.tsx';
import { Card } from '../../ui/page-layout.tsx';
import { ReceiptMessage } from '../../ui/receipt.tsx';
import { deviceStateText, emailProofText } from './notification-texts.ts';
import type { PushBrowser } from './push-device.ts';
import { ToggleSwitch } from './toggle-switch.tsx';
import { useNotificationSettings, type SwitchView } from './use-notification-settings.ts';
import styles from './notifications.module.css';

function SwitchOutcome({ view }: { view: SwitchView }) {
  useT(); // a note shown here follows a change of language
  const note = view.note;
  return (
    <div className={styles.message}>
      {note?.error === true ? (
        <ErrorMessage text={note.text} />
      ) : (
        <ReceiptMessage
          state={note === null ? null : view.receipt}
          text={note === null ? null : say(note.text)}
        />
      )}
    </div>
  );
}

interface SettingProps {
  label: string;
  description: string;
  checked: boolean;
  disabled: boolean;
  onToggle: () => void;
  view: SwitchView;
  warning?: string | null;
}

function Setting({ label, description, checked, disabled, onToggle, view, warning }: SettingProps) {
  const t = useT();
  const labelId = useId();
  const descriptionId = useId();
  return (
    <div className={styles.setting}>
      <div className={styles.row}>
        <div>
          <span id={labelId} className={styles.label}>
            {label}
          </span>
          {/* Polite: the state can change after a tap (blocked, on, off) without a note. */}
          <p id={descriptionId} className={styles.hint} aria-live="polite">
            {description}
          </p>
        </div>
        <ToggleSwitch
          checked={checked}
          disabled={disabled}
          labelId={labelId}
          describedBy={descriptionId}
          onToggle={onToggle}
          onText={t('account.notifications.on')}
          offText={t('account.notifications.off')}
        />
      </div>
      {warning != null && <p className={styles.warning}>{warning}</p>}
      <SwitchOutcome view={view} />
    </div>
  );
}

/** The sentence under the email switch: loading, why it could not load, or on/off. */
function emailStateText(t: Translate, emailOn: boolean | null, loadProblem: string | null) {
  if (emailOn === null)
    return loadProblem === null
      ? t('account.notifications.loading')
      : t('account.notifications.loadFailed', { problem: loadProblem });
  return t(emailOn ? 'account.notifications.emailOn' : 'account.notifications.emailOff');
}

export function NotificationsPanel({
  user,
  userId,
  browser,
}: {
  user: SessionUser;
  userId: number;
  /** Tests pass their own browser; the app uses this one. */
  browser?: PushBrowser;
}) {
  const t = useT();
  const settings = useNotificationSettings(userId, browser);
  const { device, preferences, push, email } = settings;
  const deviceUsable = device?.kind === 'on' || device?.kind === 'off';
  const emailOn = preferences?.email === true;
  const emailWarning = emailOn ? emailProofText(user) : null;
  return (
    <div className={styles.panel}>
      <Card title={t('account.notifications.title')} level={2}>
        <p className={styles.intro}>{t('account.notifications.intro')}</p>
        <Setting
          label={t('account.notifications.pushLabel')}
          description={t(deviceStateText(device, preferences?.push ?? null))}
          checked={settings.pushChecked}
          disabled={!deviceUsable || push.busy}
          onToggle={settings.togglePush}
          view={push}
        />
        <Setting
          label={t('account.notifications.emailLabel')}
          description={emailStateText(t, preferences?.email ?? null, settings.loadProblem)}
          checked={emailOn}
          disabled={preferences === null || email.busy}
          onToggle={settings.toggleEmail}
          view={email}
          warning={emailWarning === null ? null : t(emailWarning)}
        />
      </Card>
    </div>
  );
}
