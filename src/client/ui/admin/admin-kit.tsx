// Building blocks every admin screen shares: the page frame, the Refresh button, the load state
// line and what was loaded, a table (a card per row on a phone, scrolling sideways inside
// itself with a hint where it must; and one of rows, or a line when there are none), a titled
// panel, and the forms' frame and footer buttons.
import { useId, useRef, type ReactNode } from 'react';
import { useT } from '../../i18n/i18n.ts';
import { Button } from '../button.tsx';
import { ActionRecord, ErrorMessage } from '../form-message.tsx';
import { TitledPage } from '../titled-page.tsx';
import { loadErrorLine } from './admin-errors.ts';
import { useColumnLabels, useSidewaysMore } from './table-layout.ts';
import type { AdminLoad } from './use-admin-load.ts';
import styles from './admin.module.css';

export { styles as adminStyles };

interface AdminPageProps {
  title: string;
  backLabel?: string;
  /**
   * The server's word after the last action, kept on the page; the screen says it through
   * `announce` (one announcement: this line is not a live region too).
   */
  notice?: string | null;
  children?: ReactNode;
}

export function AdminPage({ title, backLabel, notice = null, children }: AdminPageProps) {
  return (
    <AdminWidth>
      <TitledPage title={title} backLabel={backLabel}>
        <ActionRecord text={notice} />
        {children}
      </TitledPage>
    </AdminWidth>
  );
}

/**
 * The one width of every admin page, header included (the home and the lists alike, so the
 * header never jumps between them): wider than the rest of the app, for the tables.
 */
export function AdminWidth({ children }: { children: ReactNode }) {
  return <div className={styles.wideLayout}>{children}</div>;
}

export function Toolbar({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <div className={styles.toolbar} role="group" aria-label={label}>
      {children}
    </div>
  );
}

/** Loads a screen's data again (the data on screen stays until the answer). */
export function RefreshButton({ onRefresh }: { onRefresh: () => void }) {
  const t = useT();
  return (
    <Button variant="secondary" onClick={onRefresh}>
      {t('common.action.refresh')}
    </Button>
  );
}

/** 'Loading…' until the first answer, then the inline red 'Error: …' if it failed. */
export function LoadStatus({ loading, error }: { loading: boolean; error: string | null }) {
  const t = useT();
  if (error !== null) return <ErrorMessage text={loadErrorLine(error)} />;
  if (loading)
    return (
      <p role="status" className={styles.loading}>
        {t('common.load.loading')}
      </p>
    );
  return null;
}

/** The load's state line, then what the data shows once there is some. */
export function Loaded<T>({
  load,
  children,
}: {
  load: AdminLoad<T>;
  children: (data: T) => ReactNode;
}) {
  return (
    <>
      <LoadStatus loading={load.loading} error={load.error} />
      {load.data !== undefined && children(load.data)}
    </>
  );
}

/**
 * A table in a box of its own. On a phone each row is a card (the values labelled with their
 * column's name, the actions in full view). Wider, the table fits the box when it can (long
 * texts wrap); when it cannot, the box scrolls sideways, shaded on the sides that hide columns
 * and with a hint above it. The box is focusable, so a keyboard user can scroll it too.
 */
export function AdminTable({ caption, children }: { caption: string; children: ReactNode }) {
  const t = useT();
  const tableRef = useRef<HTMLTableElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  useColumnLabels(tableRef);
  const more = useSidewaysMore(boxRef);
  return (
    <div className={styles.frame}>
      {(more.before || more.after) && (
        <p className={styles.scrollHint}>
          {t('common.admin.scrollHint')} <span aria-hidden="true">↔</span>
        </p>
      )}
      <div
        className={styles.shades}
        data-more-before={more.before ? '' : undefined}
        data-more-after={more.after ? '' : undefined}
      >
        <div ref={boxRef} className={styles.scroll} role="region" aria-label={caption} tabIndex={0}>
          <table ref={tableRef} className={styles.table}>
            <caption className="visually-hidden">{caption}</caption>
            {children}
          </table>
        </div>
      </div>
    </div>
  );
}

export function AdminPanel({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={styles.panel} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

export function EmptyText({ children }: { children: ReactNode }) {
  return <p className={styles.empty}>{children}</p>;
}

/** Column headers of a table. */
export function HeaderRow({
  columns,
  stickyLast = false,
}: {
  columns: readonly string[];
  /** The last column stays in view (pair it with `adminStyles.stickyEnd` on the row cells). */
  stickyLast?: boolean;
}) {
  return (
    <thead>
      <tr>
        {columns.map((column, index) => (
          <th
            key={column}
            scope="col"
            className={stickyLast && index === columns.length - 1 ? styles.stickyEnd : undefined}
          >
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}

interface RowsTableProps<Row> {
  caption: string;
  columns: readonly string[];
  /** The last column stays in view (see HeaderRow). */
  stickyLast?: boolean;
  rows: readonly Row[];
  /** The line shown instead of the table when there are no rows. */
  empty: ReactNode;
  /** A row's `<tr>`, with its key. */
  children: (row: Row) => ReactNode;
}

/** A table of one row per item under its column headers, or the `empty` line. */
export function RowsTable<Row>({
  caption,
  columns,
  stickyLast,
  rows,
  empty,
  children,
}: RowsTableProps<Row>) {
  if (rows.length === 0) return <EmptyText>{empty}</EmptyText>;
  return (
    <AdminTable caption={caption}>
      <HeaderRow columns={columns} stickyLast={stickyLast} />
      <tbody>{rows.map((row) => children(row))}</tbody>
    </AdminTable>
  );
}

interface AdminFormProps {
  /** For a submit button outside the form (a drawer's or dialog's footer). */
  id?: string;
  /** The accessible name, for a form that has no dialog title to go by. */
  label?: string;
  onSubmit: () => Promise<void>;
  children: ReactNode;
}

/**
 * A form that stays on the page when sent and leaves the checks to the spec's messages (no
 * browser validation bubbles).
 */
export function AdminForm({ id, label, onSubmit, children }: AdminFormProps) {
  return (
    <form
      id={id}
      noValidate
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      {children}
    </form>
  );
}

interface CancelAndSubmitProps {
  /** The form the submit button sends (the buttons sit in a footer, outside it). */
  formId: string;
  busy: boolean;
  onCancel: () => void;
  /** The submit button's label. */
  children: ReactNode;
}

/** The footer of a drawer's or dialog's form: Cancel, then the submit button (off while busy). */
export function CancelAndSubmit({ formId, busy, onCancel, children }: CancelAndSubmitProps) {
  const t = useT();
  return (
    <>
      <Button variant="secondary" onClick={onCancel}>
        {t('common.action.cancel')}
      </Button>
      <Button type="submit" form={formId} disabled={busy}>
        {children}
      </Button>
    </>
  );
}
