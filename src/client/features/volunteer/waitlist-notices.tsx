// A sign-up that reached the server after the round filled comes back WAITLISTED (its card
// turns light yellow); this says so once, until the volunteer dismisses it.
import { say, useT } from '../../i18n/i18n.ts';
import { dismissWaitlistNotice, useWaitlistNotices } from '../../offline/volunteer-outbox.ts';
import { Button } from '../../ui/button.tsx';
import styles from './volunteer.module.css';

export function WaitlistNotices() {
  const t = useT();
  const notices = useWaitlistNotices();
  if (notices.length === 0) return null;
  return (
    <div className={styles.notices}>
      {notices.map((notice) => (
        <p key={notice.seq} role="status" className={styles.notice}>
          <span>
            {say(notice.label)} — {notice.message}
          </span>
          <Button variant="secondary" onClick={() => void dismissWaitlistNotice(notice.seq)}>
            {t('volunteer.waitlist.ok')}
          </Button>
        </p>
      ))}
    </div>
  );
}
