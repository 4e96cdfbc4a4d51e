// The nginx sites of deploy/ (the files DEPLOY.md shows) rendered for a run on loopback: each
// address, port and certificate path the file names is replaced by the run's, and a
// replacement that finds nothing throws, so the file and what the tests run cannot drift
// apart. The certificate is a fresh self-signed one (openssl), so TLS is exercised too.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './server-process.ts';

export const CLUSTER_SITE = path.join(REPO_ROOT, 'deploy/nginx-cluster.conf');
export const ONE_MACHINE_SITE = path.join(REPO_ROOT, 'deploy/nginx-one-machine.conf');

/** What the deploy files name, exactly as written there. */
const CERTIFICATE = '/etc/letsencrypt/live/supply.example.org/fullchain.pem';
const CERTIFICATE_KEY = '/etc/letsencrypt/live/supply.example.org/privkey.pem';
const CLUSTER_UPSTREAMS = ['127.0.0.1:8081', '127.0.0.1:8082'];
const ONE_MACHINE_UPSTREAM = '127.0.0.1:8080';

export interface SelfSigned {
  cert: string;
  key: string;
}

/** A self-signed P-256 certificate for 127.0.0.1, valid a day, written into dir. */
export function selfSignedCertificate(dir: string): SelfSigned {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  return { cert, key };
}

function replaceEvery(text: string, from: string, to: string, file: string): string {
  if (!text.includes(from)) throw new Error(`${file} no longer holds "${from}": update the test`);
  return text.split(from).join(to);
}

export interface SitePorts {
  /** Where nginx listens for plain HTTP (the file's `listen 80`). */
  http: number;
  /** Where nginx listens for TLS (the file's `listen 443 ssl http2`). */
  https: number;
}

function renderListeners(text: string, file: string, ports: SitePorts, tls: SelfSigned): string {
  let out = replaceEvery(text, 'listen 80;', `listen 127.0.0.1:${ports.http};`, file);
  out = replaceEvery(out, 'listen 443 ssl', `listen 127.0.0.1:${ports.https} ssl`, file);
  out = replaceEvery(out, CERTIFICATE_KEY, tls.key, file);
  return replaceEvery(out, CERTIFICATE, tls.cert, file);
}

/** deploy/nginx-cluster.conf with the app processes at `upstreams` (host:port, two). */
export function renderClusterSite(upstreams: string[], ports: SitePorts, tls: SelfSigned): string {
  if (upstreams.length !== CLUSTER_UPSTREAMS.length) {
    throw new Error(`the cluster site names ${CLUSTER_UPSTREAMS.length} processes`);
  }
  let text = fs.readFileSync(CLUSTER_SITE, 'utf8');
  CLUSTER_UPSTREAMS.forEach((from, i) => {
    text = replaceEvery(text, `server ${from} `, `server ${upstreams[i]} `, CLUSTER_SITE);
  });
  return renderListeners(text, CLUSTER_SITE, ports, tls);
}

/** deploy/nginx-one-machine.conf with the app at `upstream` (host:port). */
export function renderOneMachineSite(upstream: string, ports: SitePorts, tls: SelfSigned): string {
  const text = fs.readFileSync(ONE_MACHINE_SITE, 'utf8');
  const app = replaceEvery(
    text,
    `http://${ONE_MACHINE_UPSTREAM};`,
    `http://${upstream};`,
    ONE_MACHINE_SITE,
  );
  return renderListeners(app, ONE_MACHINE_SITE, ports, tls);
}
