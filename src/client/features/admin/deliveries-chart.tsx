// The admin home's chart (beyond-spec.md section 2): orders delivered per week over the last
// 12 weeks, as a small SVG bar chart with a text table for screen readers (the SVG itself is
// hidden from them). No chart library: twelve bars are a few rectangles.
import type { DeliveriesPerWeekReply } from '#shared/contracts/reports';
import { formatDate } from '../../i18n/format.ts';
import { useT } from '../../i18n/i18n.ts';
import { Panel } from '../../ui/dashboard.tsx';
import { buttonClass } from '../../ui/button.tsx';
import { LoadStatus } from '../../ui/admin/admin-kit.tsx';
import { useAdminLoad } from '../../ui/admin/use-admin-load.ts';
import { loadDeliveriesPerWeek, SUMMARY_CSV_URL } from './reports-api.ts';
import styles from './deliveries-chart.module.css';

type Week = DeliveriesPerWeekReply['weeks'][number];

const WIDTH = 600;
const HEIGHT = 180;
const LABEL_SPACE = 22;
const VALUE_SPACE = 16;

/** "Nov 23": a week's Monday in the admin's language, read as the UTC day it is. */
function weekLabel(weekStart: string): string {
  return formatDate(`${weekStart}T00:00:00Z`, { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

function Bars({ weeks }: { weeks: Week[] }) {
  const most = Math.max(1, ...weeks.map((w) => w.delivered));
  const slot = WIDTH / weeks.length;
  const plot = HEIGHT - LABEL_SPACE - VALUE_SPACE;
  return (
    <svg
      className={styles.chart}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      aria-hidden="true"
      focusable="false"
    >
      {weeks.map((week, i) => {
        const height = (week.delivered / most) * plot;
        const x = i * slot + slot * 0.15;
        const top = VALUE_SPACE + plot - height;
        return (
          <g key={week.weekStart}>
            <rect className={styles.bar} x={x} y={top} width={slot * 0.7} height={height} rx={2} />
            <text className={styles.value} x={x + slot * 0.35} y={top - 4} textAnchor="middle">
              {week.delivered}
            </text>
            <text className={styles.label} x={x + slot * 0.35} y={HEIGHT - 6} textAnchor="middle">
              {weekLabel(week.weekStart)}
            </text>
          </g>
        );
      })}
      <line
        className={styles.axis}
        x1={0}
        x2={WIDTH}
        y1={HEIGHT - LABEL_SPACE}
        y2={HEIGHT - LABEL_SPACE}
      />
    </svg>
  );
}

function WeeksTable({ weeks }: { weeks: Week[] }) {
  const t = useT();
  return (
    <table className="visually-hidden">
      <caption>{t('admin.chart.tableCaption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('admin.chart.weekOf')}</th>
          <th scope="col">{t('admin.chart.delivered')}</th>
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week.weekStart}>
            <td>{weekLabel(week.weekStart)}</td>
            <td>{week.delivered}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function DeliveriesChart() {
  const t = useT();
  const weeks = useAdminLoad(loadDeliveriesPerWeek, t('admin.chart.failed'));
  const total = weeks.data?.reduce((n, w) => n + w.delivered, 0) ?? 0;
  return (
    <Panel title={t('admin.chart.title')}>
      <LoadStatus loading={weeks.loading} error={weeks.error} />
      {weeks.data !== undefined && (
        <figure className={styles.figure}>
          <Bars weeks={weeks.data} />
          <WeeksTable weeks={weeks.data} />
          <figcaption className={styles.caption}>
            {t('admin.chart.total', { count: total })}
          </figcaption>
        </figure>
      )}
      <a className={buttonClass('secondary')} href={SUMMARY_CSV_URL()} download>
        {t('admin.chart.download')}
      </a>
    </Panel>
  );
}
