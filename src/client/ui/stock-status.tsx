import type { MessageId } from '#shared/i18n/messages';
import { stockStatus, type StockStatus } from '#shared/rules/stock-status';
import { useT } from '../i18n/i18n.ts';
import styles from './stock-status.module.css';

/** A look's classes: its base, and the colour of each status. */
type Look = Record<'base' | StockStatus, string | undefined>;

/** Coloured text (admin tables and the volunteer's cargo list). */
const TEXT: Look = { base: styles.status, Out: styles.out, Low: styles.low, Fine: styles.fine };
/** A pill on a soft colour (the catalogue). */
const BADGE: Look = {
  base: styles.badge,
  Out: styles.badgeOut,
  Low: styles.badgeLow,
  Fine: styles.badgeFine,
};

/** Each status's word (the status itself is a code the colours key on). */
const WORDS = {
  Out: 'common.stock.out',
  Low: 'common.stock.low',
  Fine: 'common.stock.fine',
} as const satisfies Record<StockStatus, MessageId>;

interface StockStatusProps {
  quantity: number;
  /** The catalogue's pill, read as "Stock status: …" (a pill alone says nothing to a screen reader). */
  badge?: boolean;
}

/** Out / Low / Fine in its colour, for a total or a size's quantity (spec sections 4 and 9). */
export function StockStatusText({ quantity, badge = false }: StockStatusProps) {
  const t = useT();
  const status = stockStatus(quantity);
  const look = badge ? BADGE : TEXT;
  return (
    <span className={`${look.base ?? ''} ${look[status] ?? ''}`}>
      {badge && <span className="visually-hidden">{t('common.stock.label')} </span>}
      {t(WORDS[status])}
    </span>
  );
}
