// Renders one screen inside a real TanStack router (memory history), with marker pages at /
// and /login so a test can see where the screen navigated.
import { render, type RenderResult } from '@testing-library/react';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  type RouteComponent,
} from '@tanstack/react-router';

export const HOME_MARKER = 'Home page marker';
export const LOGIN_MARKER = 'Login page marker';

/** `at`: the address opened, when it is more than the route's path (a query string). */
export function renderPage(path: string, Page: RouteComponent, at = path): RenderResult {
  const root = createRootRoute({ component: Outlet });
  const marker = (text: string) => () => <p>{text}</p>;
  const pages: Record<string, RouteComponent> = {
    '/': marker(HOME_MARKER),
    '/login': marker(LOGIN_MARKER),
    [path]: Page,
  };
  const routes = Object.entries(pages).map(([at, component]) =>
    createRoute({ getParentRoute: () => root, path: at, component }),
  );
  const router = createRouter({
    routeTree: root.addChildren(routes),
    history: createMemoryHistory({ initialEntries: [at] }),
  });
  return render(<RouterProvider router={router} />);
}
