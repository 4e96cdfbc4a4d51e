import { useEffect, useState } from 'react';
import { useT } from '../i18n/i18n.ts';
import { useListRefreshedAt } from './hooks.ts';
import type { MirrorListName } from './mirror-lists.ts';
import { updatedAgoText } from './status-texts.ts';
import styles from './updated-ago.module.css';

const TICK_MS = 30_000;

/** "updated N minutes ago" for a mirrored list; put it next to the list's title. */
export function UpdatedAgo({ list }: { list: MirrorListName }) {
  useT(); // the phrase follows a change of language
  const refreshedAt = useListRefreshedAt(list);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  if (refreshedAt === undefined) return null;
  return <span className={styles.updated}>{updatedAgoText(refreshedAt, now)}</span>;
}
