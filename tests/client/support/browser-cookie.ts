// Node's fetch keeps no cookies. A browser would send the login cookie with every same-origin
// call, so a test that plays a signed-in browser adds it here (the request still goes to the
// real server; nothing is answered on its behalf).
import { vi } from 'vitest';

/** Call vi.restoreAllMocks() after the test (a second call would wrap the first). */
export function sendLoginCookie(cookie: string): void {
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('Cookie', cookie);
    return realFetch(input, { ...init, headers });
  });
}
