// Where the API lives. The spec fixes it to the page's own origin (host omitted); tests that
// run outside a page (jsdom against a real server on an ephemeral port) set an origin here.
// Keeps: the configured origin, in module memory ('' = the page's origin).

let baseUrl = '';

export function setApiBaseUrl(origin: string): void {
  baseUrl = origin.replace(/\/+$/, '');
}

/** '' for same origin, else an origin such as 'http://127.0.0.1:8080'. */
export function getApiBaseUrl(): string {
  return baseUrl;
}

/** An absolute URL for an API path (URL parsing needs one; fetch accepts both). */
export function apiUrl(path: string): string {
  return new URL(baseUrl + path, globalThis.location.href).toString();
}
