// Counts the page's requests to one API path: a form whose own checks refuse the input must
// not call the server at all.
import type { Page } from 'playwright-core';

export interface RequestLog {
  count(): number;
}

/** `path` is an exact pathname, or a pattern for a family of paths. */
export function logRequests(page: Page, path: string | RegExp, method = 'POST'): RequestLog {
  let seen = 0;
  const matches = (pathname: string) =>
    typeof path === 'string' ? pathname === path : path.test(pathname);
  page.on('request', (request) => {
    if (request.method() === method && matches(new URL(request.url()).pathname)) seen++;
  });
  return { count: () => seen };
}
