// The admin home's reports: deliveries per week for the chart, and the address of the summary
// CSV (beyond-spec.md section 2 "Reports without personal data").
import { apiGet } from '../../api/api-client.ts';
import { apiUrl } from '../../api/base-url.ts';
import type { DeliveriesPerWeekReply } from '#shared/contracts/reports';
import { deliveriesPerWeekReplyCheck, REPORT_PATHS } from '#shared/contracts/checks/admin-home';
import { adminHeaders } from '../../session/admin-identity.ts';

export async function loadDeliveriesPerWeek(): Promise<DeliveriesPerWeekReply['weeks']> {
  const reply = await apiGet(REPORT_PATHS.deliveriesPerWeek, {
    headers: adminHeaders(),
    schema: deliveriesPerWeekReplyCheck,
  });
  return reply.weeks;
}

/** A plain link: the browser saves the file itself. */
export const SUMMARY_CSV_URL = () => apiUrl(REPORT_PATHS.summaryCsv);
