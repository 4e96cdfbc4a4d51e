// A real nginx (Debian's /usr/sbin/nginx, run by scripts/lib/nginx-process.ts) in front of
// the app, for the reverse-proxy tests, on loopback only. Every site sets X-Forwarded-For from the client's real address as
// README's example does ($proxy_add_x_forwarded_for appends $remote_addr to what came in) and
// passes Host through.
import http from 'node:http';
import { startNginxWith, type RunningNginx } from '../../../scripts/lib/nginx-process.ts';
import { freePort } from '../../../scripts/lib/server-process.ts';

export { NGINX, type RunningNginx } from '../../../scripts/lib/nginx-process.ts';

export interface NginxSite {
  /** The app behind this site: http://127.0.0.1:<port>. */
  upstream: string;
}

function sitesOf(sites: { upstream: string; port: number }[]): string {
  return sites
    .map(
      (site) => `
    server {
      listen 127.0.0.1:${site.port};
      location / {
        proxy_pass ${site.upstream};
        proxy_set_header Host $http_host;
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        proxy_set_header X-Forwarded-Proto $scheme;
      }
    }`,
    )
    .join('\n');
}

export async function startNginx(sites: NginxSite[]): Promise<RunningNginx> {
  const ports: number[] = [];
  for (let i = 0; i < sites.length; i++) ports.push(await freePort());
  return startNginxWith(
    sitesOf(sites.map((site, i) => ({ upstream: site.upstream, port: ports[i] ?? 0 }))),
    ports,
  );
}

export interface HttpReply {
  status: number;
  json: unknown;
}

/**
 * One JSON request from a chosen local address (127.0.0.2, 127.0.0.3…: all loopback), so the
 * proxy or the app sees a different client per address.
 */
export function requestFrom(
  localAddress: string,
  port: number,
  method: 'GET' | 'POST',
  urlPath: string,
  body?: object,
  headers: Record<string, string> = {},
): Promise<HttpReply> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        localAddress,
        method,
        path: urlPath,
        headers: {
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          let json: unknown = text;
          try {
            json = JSON.parse(text);
          } catch {
            // not JSON: keep the text
          }
          resolve({ status: res.statusCode ?? 0, json });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
