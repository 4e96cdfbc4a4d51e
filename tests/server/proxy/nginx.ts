// A real nginx (Debian's /usr/sbin/nginx) in front of the app, for the reverse-proxy tests.
// It runs as a child of the test in the foreground (`daemon off;`) with its own prefix and
// config in a temp folder (pid, error log and temp paths there too), listens on loopback only,
// and is killed after. Every site sets X-Forwarded-For from the client's real address as
// README's example does ($proxy_add_x_forwarded_for appends $remote_addr to what came in) and
// passes Host through.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../../scripts/lib/server-process.ts';

export const NGINX = '/usr/sbin/nginx';

export interface NginxSite {
  /** The app behind this site: http://127.0.0.1:<port>. */
  upstream: string;
}

export interface RunningNginx {
  /** The port of each site, in the order given. */
  ports: number[];
  stop(): Promise<void>;
}

function configOf(dir: string, sites: { upstream: string; port: number }[]): string {
  const servers = sites.map(
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
  );
  return `
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 128; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  ${servers.join('\n')}
}
`;
}

/** Resolves once the port answers HTTP (any status). */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/api/health', timeout: 1000 }, (res) => {
      res.resume();
      resolve(true);
    });
    req.on('error', () => resolve(false));
    req.on('timeout', () => req.destroy());
  });
}

export async function startNginx(sites: NginxSite[]): Promise<RunningNginx> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'streetmed-nginx-'));
  const ports: number[] = [];
  for (let i = 0; i < sites.length; i++) ports.push(await freePort());
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(
    conf,
    configOf(
      dir,
      sites.map((site, i) => ({ upstream: site.upstream, port: ports[i] ?? 0 })),
    ),
  );
  // -e: the error log before the config is read (the built-in default is a system path).
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', conf, '-e', `${dir}/error.log`], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const state = { exited: false };
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      state.exited = true;
      resolve();
    }),
  );
  const errorLog = () => {
    const file = path.join(dir, 'error.log');
    return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  };
  const deadline = Date.now() + 10_000;
  for (const port of ports) {
    while (!(await answers(port))) {
      if (state.exited || Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`nginx did not start: ${stderr}\n${errorLog()}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    ports,
    async stop() {
      if (!state.exited) child.kill('SIGTERM');
      await exit;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
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
