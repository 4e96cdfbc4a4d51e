// '/' for an admin (spec section 2 "Admin home"): the tool cards and the alerts panel.
import { useT } from '../../i18n/i18n.ts';
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
  const t = useT();
  // The admin pages' one width, so the header does not jump between the home and a list.
  return (
    <AdminWidth>
      <PageLayout
        header={
          <AppHeader greeting={t('admin.home.greeting', { username: user?.username ?? '' })}>
            <Button variant="onBrand" onClick={logout}>
              {t('admin.home.logout')}
            </Button>
          </AppHeader>
        }
      >
        <PageTitle>{t('admin.home.title')}</PageTitle>
        <CardGrid label={t('admin.home.toolsLabel')}>
          <LinkCard
            to="/cargo_admin"
            title={t('admin.home.cargo.title')}
            text={t('admin.home.cargo.text')}
          />
          <LinkCard
            to="/admin/orders"
            title={t('admin.home.orders.title')}
            text={t('admin.home.orders.text')}
          />
          <LinkCard
            to="/admin/applications"
            title={t('admin.home.applications.title')}
            text={t('admin.home.applications.text')}
          />
          <LinkCard
            to="/admin/users"
            title={t('admin.home.users.title')}
            text={t('admin.home.users.text')}
          />
          <LinkCard
            to="/round_admin"
            title={t('admin.home.rounds.title')}
            text={t('admin.home.rounds.text')}
          />
          <LinkCard
            to="/admin/feedback"
            title={t('admin.home.feedback.title')}
            text={t('admin.home.feedback.text')}
          />
          <LinkCard
            to="/admin/audit"
            title={t('admin.home.audit.title')}
            text={t('admin.home.audit.text')}
          />
          <LinkCard
            to="/admin/devices"
            title={t('admin.home.devices.title')}
            text={t('admin.home.devices.text')}
          />
        </CardGrid>
        <AlertsPanel />
        <DeliveriesChart />
      </PageLayout>
    </AdminWidth>
  );
}
