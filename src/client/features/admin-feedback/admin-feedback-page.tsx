// '/admin/feedback' (product-spec.md section 2 "Admin feedback"): id, name, phone, content and
// created time of every feedback, newest first. The name says who sent it (beyond-spec.md
// "Feedback"): the account's username when a signed-in person did, else the visitor's typed
// name (or "Anonymous") marked "Not signed in".
import type { FeedbackView } from '#shared/contracts/admin-feedback';
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

export const NO_FEEDBACK = 'No feedback yet.';
export const NOT_SIGNED_IN = 'Not signed in';
export const SIGNED_IN = 'Signed in';
export const ANONYMOUS = 'Anonymous';
const COLUMNS = ['ID', 'Name', 'Phone', 'Content', 'Created'] as const;

function Sender({ row }: { row: FeedbackView }) {
  if (row.signedIn) {
    return (
      <span className={feedbackStyles.sender}>
        <span>{orDash(row.username)}</span>
        <span className={`${feedbackStyles.mark} ${feedbackStyles.account}`}>{SIGNED_IN}</span>
      </span>
    );
  }
  return (
    <span className={feedbackStyles.sender}>
      {row.name === null ? (
        <span className={feedbackStyles.unnamed}>{ANONYMOUS}</span>
      ) : (
        <span>{row.name}</span>
      )}
      <span className={`${feedbackStyles.mark} ${feedbackStyles.anonymous}`}>{NOT_SIGNED_IN}</span>
    </span>
  );
}

function FeedbackTable({ rows }: { rows: FeedbackView[] }) {
  return (
    <RowsTable caption="Feedback" columns={COLUMNS} rows={rows} empty={NO_FEEDBACK}>
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
  const feedback = useAdminLoad(loadFeedback, 'Failed to load feedback');
  return (
    <AdminPage title="View Feedback">
      <Toolbar>
        <RefreshButton onRefresh={feedback.reload} />
      </Toolbar>
      <Loaded load={feedback}>{(data) => <FeedbackTable rows={data} />}</Loaded>
    </AdminPage>
  );
}
