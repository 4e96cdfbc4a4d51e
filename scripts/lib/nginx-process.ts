// Debian's nginx as a child process with its own prefix and config in a temp folder (pid,
// error log and temp paths there too), in the foreground (`daemon off;`), killed after. Used
// by the reverse-proxy and cluster tests and the cluster soak.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

export const NGINX = '/usr/sbin/nginx';

export interface RunningNginx {
  /** The ports nginx listens on, in the order given. */
  ports: number[];
  /** nginx's error log so far (where it says which upstream failed and why). */
  errorLog(): string;
  stop(): Promise<void>;
}

/** nginx's main config around the sites, every path in the temp folder. */
function configOf(dir: string, sites: string): string {
  return `
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  ${sites}
}
`;
}

/** Resolves once the port answers HTTP (any status; a TLS port answers plain HTTP with 400). */
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

/**
 * nginx running the given sites (the text of an http-context config such as a
 * sites-available file, listening on `ports`); resolves once every port answers.
 */
export async function startNginxWith(sites: string, ports: number[]): Promise<RunningNginx> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'streetmed-nginx-'));
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(conf, configOf(dir, sites));
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
    errorLog,
    async stop() {
      if (!state.exited) child.kill('SIGTERM');
      await exit;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
