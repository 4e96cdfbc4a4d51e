// '/' for an admin (spec section 2 "Admin home"): the tool cards and the alerts panel.
import { useLogout } from '../../session/use-logout.ts';
import { useSessionUser } from '../../session/use-session-user.ts';
import { AdminWidth } from '../../ui/admin/admin-kit.tsx';
import { AppHeader } from '../../ui/app-header.tsx';
import { Button } from '../../ui/button.tsx';
import { CardGrid, LinkCard, PageTitle } from '../../ui/dashboard.tsx';
import { PageLayout } from '../../ui/page-layout.tsx';
import { AlertsPanel } from './alerts-panel.tsx';
import { DeliveriesChart } from './deliveries-chart.tsx';

export function AdminHome() {
  const user = useSessionUser();
  const logout = useLogout();
  // The admin pages' one width, so the header does not jump between the home and a list.
  return (
    <AdminWidth>
      <PageLayout
        header={
          <AppHeader greeting={`Admin: ${user?.username ?? ''}`}>
            <Button variant="onBrand" onClick={logout}>
              Logout
            </Button>
          </AppHeader>
        }
      >
        <PageTitle>Admin Dashboard</PageTitle>
        <CardGrid label="Admin tools">
          <LinkCard to="/cargo_admin" title="Manage Cargo" text="Inventory, sizes and images." />
          <LinkCard to="/admin/orders" title="All Orders" text="Pending, completed, cancelled." />
          <LinkCard
            to="/admin/applications"
            title="Manage Volunteers"
            text="Approve or reject applications."
          />
          <LinkCard to="/admin/users" title="Manage Users" text="Accounts, roles, passwords." />
          <LinkCard to="/round_admin" title="Manage Round" text="Rounds, lotteries, sign-ups." />
          <LinkCard to="/admin/feedback" title="View Feedback" text="What people told us." />
          <LinkCard
            to="/admin/audit"
            title="Audit Log"
            text="Who saw addresses, every admin action."
          />
          <LinkCard
            to="/admin/devices"
            title="Devices"
            text="Phones and browsers stuck or gone quiet."
          />
        </CardGrid>
        <AlertsPanel />
        <DeliveriesChart />
      </PageLayout>
    </AdminWidth>
  );
}
