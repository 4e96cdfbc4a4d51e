// The routes of spec section 2, code-based. Every screen but the home dispatcher loads lazily,
// so the first page a visitor sees carries only the shell and its own screen.
import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
} from '@tanstack/react-router';
import { importGuestHome } from './features/ordering/screens.ts';
import { RootLayout } from './pages/root-layout.tsx';
import { HomePage } from './pages/home-page.tsx';
import { NotFoundPage } from './pages/not-found-page.tsx';
import { PendingPage } from './pages/pending-page.tsx';
import {
  importLoginPage,
  importProfilePage,
  importRegisterPage,
  importResetPasswordPage,
} from './features/account/screens.ts';
import { importAdminApplicationsPage } from './features/admin-applications/screens.ts';
import { importCargoAdminPage } from './features/admin-cargo/screens.ts';
import { importAdminFeedbackPage } from './features/admin-feedback/screens.ts';
import { importAdminAuditPage } from './features/admin-audit/screens.ts';
import { importAdminDevicesPage } from './features/admin-devices/screens.ts';
import { importAdminOrdersPage } from './features/admin-orders/screens.ts';
import { importRoundAdminPage } from './features/admin-rounds/screens.ts';
import { importAdminUsersPage } from './features/admin-users/screens.ts';
import { importFeedbackPage } from './features/feedback/screens.ts';
import { importUnsubscribePage } from './features/notifications/screens.ts';
import { importOrderHistoryPage } from './features/orders/screens.ts';
import { importCargoVolunteerPage } from './features/volunteer/screens.ts';
import { importVolunteerApplicationPage } from './features/volunteer-application/screens.ts';

const rootRoute = createRootRoute({ component: RootLayout, notFoundComponent: NotFoundPage });

const homeRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: HomePage });

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  component: lazyRouteComponent(importLoginPage, 'LoginPage'),
});

const registerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/register',
  component: lazyRouteComponent(importRegisterPage, 'RegisterPage'),
});

const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset_password',
  component: lazyRouteComponent(importResetPasswordPage, 'ResetPasswordPage'),
});

const profileRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/profile',
  component: lazyRouteComponent(importProfilePage, 'ProfilePage'),
});

const feedbackRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/feedback',
  component: lazyRouteComponent(importFeedbackPage, 'FeedbackPage'),
});

// A mail's "turn off these emails" link (issue 19): public, and posts only on its button.
const unsubscribeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/unsubscribe',
  component: lazyRouteComponent(importUnsubscribePage, 'UnsubscribePage'),
});

const orderHistoryRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/orderhistory',
  component: lazyRouteComponent(importOrderHistoryPage, 'OrderHistoryPage'),
});

const guestRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/guest',
  component: lazyRouteComponent(importGuestHome, 'GuestHome'),
});

const volunteerApplicationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/volunteerAppli',
  component: lazyRouteComponent(importVolunteerApplicationPage, 'VolunteerApplicationPage'),
});

const cargoAdminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/cargo_admin',
  component: lazyRouteComponent(importCargoAdminPage, 'CargoAdminPage'),
});

const cargoVolunteerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/cargo_volunteer',
  component: lazyRouteComponent(importCargoVolunteerPage, 'CargoVolunteerPage'),
});

const roundAdminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/round_admin',
  component: lazyRouteComponent(importRoundAdminPage, 'RoundAdminPage'),
});

const adminUsersRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/users',
  component: lazyRouteComponent(importAdminUsersPage, 'AdminUsersPage'),
});

const adminOrdersRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/orders',
  component: lazyRouteComponent(importAdminOrdersPage, 'AdminOrdersPage'),
});

const adminApplicationsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/applications',
  component: lazyRouteComponent(importAdminApplicationsPage, 'AdminApplicationsPage'),
});

const adminFeedbackRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/feedback',
  component: lazyRouteComponent(importAdminFeedbackPage, 'AdminFeedbackPage'),
});

const adminAuditRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/audit',
  component: lazyRouteComponent(importAdminAuditPage, 'AdminAuditPage'),
});

const adminDevicesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/devices',
  component: lazyRouteComponent(importAdminDevicesPage, 'AdminDevicesPage'),
});

export const routeTree = rootRoute.addChildren([
  homeRoute,
  loginRoute,
  registerRoute,
  resetPasswordRoute,
  profileRoute,
  feedbackRoute,
  unsubscribeRoute,
  orderHistoryRoute,
  guestRoute,
  volunteerApplicationRoute,
  cargoAdminRoute,
  cargoVolunteerRoute,
  roundAdminRoute,
  adminUsersRoute,
  adminOrdersRoute,
  adminApplicationsRoute,
  adminFeedbackRoute,
  adminAuditRoute,
  adminDevicesRoute,
]);

export const router = createRouter({
  routeTree,
  defaultPendingComponent: PendingPage,
  // Hover/touch preloading fetches a screen's chunk before the tap lands.
  defaultPreload: 'intent',
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
