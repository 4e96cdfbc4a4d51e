// Runs the migrations at start. Names are timestamped so they sort in the order written;
// each is built for the dialect at hand (see column-types.ts).
import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { OpenedDb } from './kysely.ts';
import { columnTypesFor, type ColumnTypes } from './migrations/column-types.ts';
import { initialSchema } from './migrations/2026-11-21T2100-initial-schema.ts';
import { catalogueVersion } from './migrations/2026-11-22T0900-catalogue-version.ts';
import { orderListIndexes } from './migrations/2026-11-22T1000-order-list-indexes.ts';
import { secureSessionMessages } from './migrations/2026-11-25T1200-secure-session-messages.ts';
import { feedbackIdentity } from './migrations/2026-11-25T1201-feedback-identity.ts';
import { emailOwnership } from './migrations/2026-11-25T1000-email-ownership.ts';
import { orderLimits } from './migrations/2026-11-25T1000-order-limits.ts';
import { deviceCookies } from './migrations/2026-11-25T1300-device-cookies.ts';
import { auditLog } from './migrations/2026-11-25T1800-audit-log.ts';
import { personalDataPurge } from './migrations/2026-11-25T1801-personal-data-purge.ts';
import { signupHistory } from './migrations/2026-11-26T0900-signup-history.ts';
import { deviceReports } from './migrations/2026-11-27T1000-device-reports.ts';
import { postgresPlaceOrder } from './migrations/2026-11-28T1000-postgres-place-order.ts';
import { notifications } from './migrations/2026-11-29T1000-notifications.ts';
import { calendarLinks } from './migrations/2026-11-29T1200-calendar-links.ts';
import { push } from './migrations/2026-11-29T1100-push.ts';
import { orderCancelledBy } from './migrations/2026-11-29T1300-order-cancelled-by.ts';
import { userLanguage } from './migrations/2026-11-30T1000-user-language.ts';
import { sealedOrderIvs } from './migrations/2026-12-01T1000-sealed-order-ivs.ts';
import { applicationLanguage } from './migrations/2026-12-02T1000-application-language.ts';
import { outOfStockInPlaceOrder } from './migrations/2026-12-03T1000-out-of-stock-in-place-order.ts';
import { leanerPlaceOrders } from './migrations/2026-12-04T1000-leaner-place-orders.ts';

/** Every migration, by name, built for the dialect's column types. */
export function allMigrations(t: ColumnTypes): Record<string, Migration> {
  return {
    '2026-11-21T2100-initial-schema': initialSchema(t),
    '2026-11-22T0900-catalogue-version': catalogueVersion(t),
    '2026-11-22T1000-order-list-indexes': orderListIndexes(t),
    '2026-11-25T1200-secure-session-messages': secureSessionMessages(t),
    '2026-11-25T1201-feedback-identity': feedbackIdentity(t),
    '2026-11-25T1000-email-ownership': emailOwnership(t),
    '2026-11-25T1000-order-limits': orderLimits(t),
    '2026-11-25T1300-device-cookies': deviceCookies(t),
    '2026-11-25T1800-audit-log': auditLog(t),
    '2026-11-25T1801-personal-data-purge': personalDataPurge(t),
    '2026-11-26T0900-signup-history': signupHistory(t),
    '2026-11-27T1000-device-reports': deviceReports(t),
    '2026-11-28T1000-postgres-place-order': postgresPlaceOrder(t),
    '2026-11-29T1000-notifications': notifications(t),
    '2026-11-29T1200-calendar-links': calendarLinks(t),
    '2026-11-29T1100-push': push(t),
    '2026-11-29T1300-order-cancelled-by': orderCancelledBy(t),
    '2026-11-30T1000-user-language': userLanguage(t),
    '2026-12-01T1000-sealed-order-ivs': sealedOrderIvs(t),
    '2026-12-02T1000-application-language': applicationLanguage(t),
    '2026-12-03T1000-out-of-stock-in-place-order': outOfStockInPlaceOrder(t),
    '2026-12-04T1000-leaner-place-orders': leanerPlaceOrders(t),
  };
}

function provider(opened: OpenedDb): MigrationProvider {
  const migrations = allMigrations(columnTypesFor(opened.dialect));
  return { getMigrations: () => Promise.resolve(migrations) };
}

export async function migrateToLatest(opened: OpenedDb): Promise<void> {
  const migrator = new Migrator({ db: opened.db, provider: provider(opened) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error !== undefined || failed !== undefined) {
    const name = failed?.migrationName ?? 'unknown';
    throw new Error(`migration ${name} failed`, { cause: error });
  }
}
