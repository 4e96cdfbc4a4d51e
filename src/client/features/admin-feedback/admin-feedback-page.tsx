// '/admin/feedback' (product-spec.md section 2 "Admin feedback"): id, name, phone, content and
// created time of every feedback, newest first. The name says who sent it (beyond-spec.md
// "Feedback"): the account's username when a signed-in person did, else the visitor's typed
// name (or "Anonymous") marked "Not signed in".
import type { FeedbackView } from '#shared/contracts/admin-feedback';
import { useT, type Translate } from '../../i18n/i18n.ts';
import { formatTime, orDash } from '../../ui/admin/admin-format.ts';
import {
  AdminPage,
  adminStyles as styles,
  Loaded,
  RefreshButton,
  RowsTable,
  Toolbar,
} from '../../ui/admin/admin-kit.tsx';
import { useAdminLoad } from '../../ui/admin/use-admin-load.ts';
import { loadFeedback } from './feedback-api.ts';
import feedbackStyles from './admin-feedback.module.css';

const columns = (t: Translate) => [
  t('admin.feedback.column.id'),
  t('admin.feedback.column.name'),
  t('admin.feedback.column.phone'),
  t('admin.feedback.column.content'),
  t('admin.feedback.column.created'),
];

function Sender({ row }: { row: FeedbackView }) {
  const t = useT();
  if (row.signedIn) {
    return (
      <span className={feedbackStyles.sender}>
        <span>{orDash(row.username)}</span>
        <span className={`${feedbackStyles.mark} ${feedbackStyles.account}`}>
          {t('admin.feedback.signedIn')}
        </span>
      </span>
    );
  }
  return (
    <span className={feedbackStyles.sender}>
      {row.name === null ? (
        <span className={feedbackStyles.unnamed}>{t('admin.feedback.anonymous')}</span>
      ) : (
        <span>{row.name}</span>
      )}
      <span className={`${feedbackStyles.mark} ${feedbackStyles.anonymous}`}>
        {t('admin.feedback.notSignedIn')}
      </span>
    </span>
  );
}

function FeedbackTable({ rows }: { rows: FeedbackView[] }) {
  const t = useT();
  return (
    <RowsTable
      caption={t('admin.feedback.caption')}
      columns={columns(t)}
      rows={rows}
      empty={t('admin.feedback.empty')}
    >
      {(row) => (
        <tr key={row.id}>
          <td>{row.id}</td>
          <td>
            <Sender row={row} />
          </td>
          <td className={styles.nowrap}>{row.phoneNumber}</td>
          <td className={styles.wide}>{row.content}</td>
          <td className={styles.nowrap}>{formatTime(row.createdAt)}</td>
        </tr>
      )}
    </RowsTable>
  );
}

export function AdminFeedbackPage() {
  const t = useT();
  const feedback = useAdminLoad(loadFeedback, t('admin.feedback.loadFailed'));
  return (
    <AdminPage title={t('admin.feedback.title')}>
      <Toolbar>
        <RefreshButton onRefresh={feedback.reload} />
      </Toolbar>
      <Loaded load={feedback}>{(data) => <FeedbackTable rows={data} />}</Loaded>
    </AdminPage>
  );
}
