// The routes of spec section 2, code-based. Every screen but the home dispatcher loads lazily,
// so the first page a visitor sees carries only the shell and its own screen.
import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
} from '@tanstack/react-router';
import { RootLayout } from './routes/root-layout.tsx';
import { HomePage } from './routes/home-page.tsx';
import { NotFoundPage } from './routes/not-found-page.tsx';
import { PendingPage } from './routes/pending-page.tsx';

const rootRoute = createRootRoute({ component: RootLayout, notFoundComponent: NotFoundPage });

const homeRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: HomePage });

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  component: lazyRouteComponent(() => import('./features/account/login-page.tsx'), 'LoginPage'),
});

const registerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/register',
  component: lazyRouteComponent(
    () => import('./features/account/register-page.tsx'),
    'RegisterPage',
  ),
});

const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset_password',
  component: lazyRouteComponent(
    () => import('./features/account/reset-password-page.tsx'),
    'ResetPasswordPage',
  ),
});

const profileRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/profile',
  component: lazyRouteComponent(() => import('./features/account/profile-page.tsx'), 'ProfilePage'),
});

const feedbackRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/feedback',
  component: lazyRouteComponent(
    () => import('./features/feedback/feedback-page.tsx'),
    'FeedbackPage',
  ),
});

const orderHistoryRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/orderhistory',
  component: lazyRouteComponent(
    () => import('./features/orders/order-history-page.tsx'),
    'OrderHistoryPage',
  ),
});

const guestRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/guest',
  component: lazyRouteComponent(() => import('./features/guest/guest-home.tsx'), 'GuestHome'),
});

const volunteerApplicationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/volunteerAppli',
  component: lazyRouteComponent(
    () => import('./features/volunteer-application/volunteer-application-page.tsx'),
    'VolunteerApplicationPage',
  ),
});

const cargoAdminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/cargo_admin',
  component: lazyRouteComponent(
    () => import('./features/admin-cargo/cargo-admin-page.tsx'),
    'CargoAdminPage',
  ),
});

const cargoVolunteerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/cargo_volunteer',
  component: lazyRouteComponent(
    () => import('./features/volunteer/cargo-volunteer-page.tsx'),
    'CargoVolunteerPage',
  ),
});

const roundAdminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/round_admin',
  component: lazyRouteComponent(
    () => import('./features/admin-rounds/round-admin-page.tsx'),
    'RoundAdminPage',
  ),
});

const adminUsersRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/users',
  component: lazyRouteComponent(
    () => import('./features/admin-users/admin-users-page.tsx'),
    'AdminUsersPage',
  ),
});

const adminOrdersRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/orders',
  component: lazyRouteComponent(
    () => import('./features/admin-orders/admin-orders-page.tsx'),
    'AdminOrdersPage',
  ),
});

const adminApplicationsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/applications',
  component: lazyRouteComponent(
    () => import('./features/admin-applications/admin-applications-page.tsx'),
    'AdminApplicationsPage',
  ),
});

const adminFeedbackRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/feedback',
  component: lazyRouteComponent(
    () => import('./features/admin-feedback/admin-feedback-page.tsx'),
    'AdminFeedbackPage',
  ),
});

export const routeTree = rootRoute.addChildren([
  homeRoute,
  loginRoute,
  registerRoute,
  resetPasswordRoute,
  profileRoute,
  feedbackRoute,
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
