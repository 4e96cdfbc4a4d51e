// Where pushes may go (beyond-spec.md section 3, "Where pushes go"): an endpoint is an https:
// URL whose host is on PUSH_HOSTS, so nobody can make the server post to an address of their
// choosing. An entry `*.name` admits any subdomain of name (not name itself). An IP literal or
// localhost passes only when listed exactly (a wildcard never reaches one: `*.0.0.1` must not
// admit 127.0.0.1). Checked when a subscription is stored and again before each send.
import { isIP } from 'node:net';

export type EndpointProblem = 'endpoint' | 'endpointHost';

const bare = (host: string) => host.replace(/^\[(.*)\]$/, '$1').toLowerCase();

function isLocalName(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost') || isIP(host) !== 0;
}

/** Whether `host` (a URL's hostname) is one of `hosts` (PUSH_HOSTS entries). */
export function isPushHost(host: string, hosts: readonly string[]): boolean {
  const name = bare(host).replace(/\.$/, '');
  if (name === '') return false;
  const exact = hosts.some((entry) => bare(entry) === name);
  if (exact || isLocalName(name)) return exact;
  return hosts.some((entry) => entry.startsWith('*.') && name.endsWith(entry.slice(1)));
}

/** What is wrong with an endpoint, or undefined when pushes may go there. */
export function endpointProblem(
  endpoint: string,
  hosts: readonly string[],
): EndpointProblem | undefined {
  if (!URL.canParse(endpoint)) return 'endpoint';
  const url = new URL(endpoint);
  // Credentials in the URL would be sent as a Basic login to that host: no push service has one.
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return 'endpoint';
  return isPushHost(url.hostname, hosts) ? undefined : 'endpointHost';
}
