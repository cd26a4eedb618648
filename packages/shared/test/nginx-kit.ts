import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, spawn } from 'node:child_process';

/**
 * A private nginx running the deployment's site file, for the tests that go through it: the server's
 * nginx-proxy.test.ts (an HTTP client) and the e2e behind-nginx.spec.ts (Chromium). No I/O of the product.
 */

/** The nginx configuration of docs/deployment.md — the very file an administrator installs. */
export const SITE_CONF = path.resolve(import.meta.dirname, '../../../deploy/nginx/assoc-oa.conf');

/** Debian's nginx binary, when installed. */
export const NGINX_BIN = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

/** Replaces `from` in the text once, failing loudly when the installed file no longer has it. */
function substitute(text: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`deploy/nginx/assoc-oa.conf no longer contains "${from}": update the test`);
  return text.replace(from, to);
}

export interface RunningNginx {
  httpsPort: number;
  /** the self-signed certificate, to trust as the CA */
  ca: Buffer;
  dir: string;
  stop(): Promise<void>;
}

/**
 * Starts a private nginx (`nginx -p <tmp> -c <tmp>/nginx.conf`, not the system service) running the deployment's
 * site file with only its addresses changed: the upstream is the given application port, https and http listen on
 * free local ports, the certificate is a self-signed one made here with openssl, logs go to the temporary folder.
 */
export async function startNginx(upstreamPort: number): Promise<RunningNginx> {
  if (!NGINX_BIN) throw new Error('nginx is not installed (apt-get install nginx)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-nginx-'));
  fs.chmodSync(dir, 0o755);
  for (const d of ['logs', 'tmp']) fs.mkdirSync(path.join(dir, d), { mode: 0o777 });
  fs.chmodSync(path.join(dir, 'tmp'), 0o777);
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=127.0.0.1',
    '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost',
    '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'),
  ], { stdio: 'ignore' }); // prettier-ignore
  const [httpsPort, httpPort] = [await freePort(), await freePort()];
  let site = fs.readFileSync(SITE_CONF, 'utf8');
  site = substitute(site, 'server 127.0.0.1:8080 ', `server 127.0.0.1:${upstreamPort} `);
  site = substitute(site, 'listen 443 ssl http2;', `listen 127.0.0.1:${httpsPort} ssl http2;`);
  site = substitute(site, 'listen 80;', `listen 127.0.0.1:${httpPort};`);
  site = substitute(site, '/etc/ssl/assoc-oa/fullchain.pem', path.join(dir, 'cert.pem'));
  site = substitute(site, '/etc/ssl/assoc-oa/privkey.pem', path.join(dir, 'key.pem'));
  site = site.replaceAll('/var/log/nginx/', `${dir}/logs/`);
  fs.writeFileSync(path.join(dir, 'assoc-oa.conf'), site);
  const tmp = (name: string) => `${name}_temp_path ${dir}/tmp/${name};`;
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      ...(process.getuid?.() === 0 ? ['user root;'] : []),
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/logs/error.log warn;`,
      'events { worker_connections 256; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      `  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(tmp).join('\n  ')}`,
      `  include ${dir}/assoc-oa.conf;`,
      '}',
    ].join('\n'),
  );
  const child = spawn(NGINX_BIN, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`nginx did not start: ${stderr}`);
    const open = await new Promise<boolean>((r) => {
      const s = net.connect(httpsPort, '127.0.0.1', () => r(s.end() !== undefined)).on('error', () => r(false));
    });
    if (open) break;
    if (i > 100) throw new Error(`nginx does not listen on ${httpsPort}: ${stderr}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    httpsPort,
    ca: fs.readFileSync(path.join(dir, 'cert.pem')),
    dir,
    stop: async () => {
      child.kill('SIGQUIT');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
