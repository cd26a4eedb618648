import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, spawn } from 'node:child_process';

/**
 * A private OpenLDAP server (Debian `slapd`) for the tests of directory login and sync: its own slapd.conf, database
 * and port in a temporary folder — never the system service. Entries are changed with the ldap-utils commands as the
 * directory's root, the way an administrator would. Used by the server's directory tests and the e2e ldap-sync spec.
 */

export const SLAPD_BIN = ['/usr/sbin/slapd'].find((p) => fs.existsSync(p));
export const BASE_DN = 'dc=assoc,dc=test';
export const ROOT_DN = `cn=root,${BASE_DN}`;
export const ROOT_PASSWORD = 'root-secret';
/** The read-only service account the product binds with to search. */
export const SERVICE_DN = `cn=oa-reader,${BASE_DN}`;
export const SERVICE_PASSWORD = 'reader-secret';
export const PEOPLE_DN = `ou=people,${BASE_DN}`;
export const DEPTS_DN = `ou=departments,${BASE_DN}`;

export interface DirectoryPerson {
  uid: string;
  cn: string;
  password: string;
  mail?: string;
  mobile?: string;
  /** the department OU's name under ou=departments; the person's entry lives in it */
  ou?: string;
  departmentNumber?: string;
}

/** A person's DN: under their department OU when given, else under ou=people. */
export const personDn = (p: Pick<DirectoryPerson, 'uid' | 'ou'>) =>
  p.ou ? `uid=${p.uid},ou=${p.ou},${DEPTS_DN}` : `uid=${p.uid},${PEOPLE_DN}`;

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

/** An LDIF entry of a person (values base64-encoded with `::`, so Chinese names pass as UTF-8). */
export function personLdif(p: DirectoryPerson): string {
  return [
    `dn: ${personDn(p)}`,
    'objectClass: inetOrgPerson',
    `uid: ${p.uid}`,
    `cn:: ${b64(p.cn)}`,
    `sn:: ${b64(p.cn.slice(0, 1))}`,
    `userPassword: ${p.password}`,
    ...(p.mail ? [`mail: ${p.mail}`] : []),
    ...(p.mobile ? [`mobile: ${p.mobile}`] : []),
    ...(p.departmentNumber ? [`departmentNumber:: ${b64(p.departmentNumber)}`] : []),
    '',
  ].join('\n');
}

export const ouLdif = (name: string, parentDn = DEPTS_DN) => `dn: ou=${name},${parentDn}\nobjectClass: organizationalUnit\nou: ${name}\n`;

function baseLdif(): string {
  return [
    `dn: ${BASE_DN}\nobjectClass: dcObject\nobjectClass: organization\ndc: assoc\no: assoc\n`,
    `dn: ${SERVICE_DN}\nobjectClass: organizationalRole\nobjectClass: simpleSecurityObject\ncn: oa-reader\nuserPassword: ${SERVICE_PASSWORD}\n`,
    `dn: ${PEOPLE_DN}\nobjectClass: organizationalUnit\nou: people\n`,
    `dn: ${DEPTS_DN}\nobjectClass: organizationalUnit\nou: departments\n`,
  ].join('\n');
}

/** A free port: from OA_TEST_LDAP_PORTS ("19200-19299", an engineer's own range) when set, else one the system gives. */
async function freePort(): Promise<number> {
  const listen = (port: number) =>
    new Promise<number | null>((resolve) => {
      const srv = net.createServer();
      srv.once('error', () => resolve(null));
      srv.listen(port, '127.0.0.1', () => {
        const p = (srv.address() as net.AddressInfo).port;
        srv.close(() => resolve(p));
      });
    });
  const range = /^(\d+)-(\d+)$/.exec(process.env.OA_TEST_LDAP_PORTS ?? '');
  if (range) {
    const [lo, hi] = [Number(range[1]), Number(range[2])];
    for (let i = 0; i < 50; i++) {
      const p = await listen(lo + Math.floor(Math.random() * (hi - lo + 1)));
      if (p) return p;
    }
  }
  return (await listen(0))!;
}

export interface RunningSlapd {
  url: string;
  port: number;
  /** the self-signed certificate (with `tls`), to trust as the CA */
  ca: Buffer | null;
  /** ldaps://127.0.0.1:<another port> (with `tls`) */
  ldapsUrl: string | null;
  /** adds entries (LDIF) as the directory's root */
  add(ldif: string): void;
  /** applies an LDIF of changes (changetype: modify …) as the directory's root */
  modify(ldif: string): void;
  /** deletes entries by DN */
  remove(...dns: string[]): void;
  /** stops the server and removes its folder */
  stop(): Promise<void>;
}

/**
 * Starts slapd on 127.0.0.1 with a slapd.conf-style configuration (`-f`) and an MDB database in a temporary folder,
 * loaded with the base (the organisation, the service account, ou=people and ou=departments) and `ldif`. Paged
 * results are served (slapd's default); the server's size limit is `sizeLimit`, so a search larger than it must page.
 * `port`: a fixed port (the e2e server is configured with it before the spec starts the directory); `tls`: STARTTLS
 * on the ldap:// port and ldaps:// on another (`ldapsUrl`) with a self-signed certificate for 127.0.0.1 (`ca`).
 */
export async function startSlapd(ldif = '', opts: { sizeLimit?: number; port?: number; tls?: boolean } = {}): Promise<RunningSlapd> {
  const sizeLimit = opts.sizeLimit ?? 500;
  if (!SLAPD_BIN) throw new Error('slapd is not installed (apt-get install slapd ldap-utils)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-slapd-'));
  fs.mkdirSync(path.join(dir, 'db'));
  const conf = path.join(dir, 'slapd.conf');
  // tls: a self-signed certificate for 127.0.0.1, offered by STARTTLS on the ldap:// port
  if (opts.tls)
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=127.0.0.1',
      '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'),
    ], { stdio: 'ignore' }); // prettier-ignore
  fs.writeFileSync(
    conf,
    [
      ...['core', 'cosine', 'inetorgperson', 'nis'].map((s) => `include /etc/ldap/schema/${s}.schema`),
      `pidfile ${dir}/slapd.pid`,
      `argsfile ${dir}/slapd.args`,
      'modulepath /usr/lib/ldap',
      'moduleload back_mdb',
      ...(opts.tls ? [`TLSCertificateFile ${dir}/cert.pem`, `TLSCertificateKeyFile ${dir}/key.pem`] : []),
      `sizelimit size.soft=${sizeLimit} size.hard=${sizeLimit} size.prtotal=unlimited`,
      'database mdb',
      'maxsize 33554432',
      `suffix "${BASE_DN}"`,
      `rootdn "${ROOT_DN}"`,
      `rootpw ${ROOT_PASSWORD}`,
      `directory ${dir}/db`,
      'access to attrs=userPassword by self write by anonymous auth by * none',
      'access to * by users read by * none',
      '',
    ].join('\n'),
  );
  const ldifFile = path.join(dir, 'base.ldif');
  fs.writeFileSync(ldifFile, `${baseLdif()}\n${ldif}`);
  execFileSync('/usr/sbin/slapadd', ['-f', conf, '-l', ldifFile], { stdio: 'pipe' });
  const port = opts.port ?? (await freePort());
  const url = `ldap://127.0.0.1:${port}`;
  const ldapsUrl = opts.tls ? `ldaps://127.0.0.1:${await freePort()}` : null;
  const listen = [url, ...(ldapsUrl ? [ldapsUrl] : [])].join(' ');
  const child = spawn(SLAPD_BIN, ['-d', '0', '-f', conf, '-h', listen], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`slapd did not start: ${stderr}`);
    const open = await new Promise<boolean>((r) => {
      const s = net.connect(port, '127.0.0.1', () => r(s.end() !== undefined)).on('error', () => r(false));
    });
    if (open) break;
    if (i > 200) throw new Error(`slapd does not listen on ${port}: ${stderr}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const asRoot = (cmd: string, args: string[], input?: string) =>
    execFileSync(cmd, ['-x', '-H', url, '-D', ROOT_DN, '-w', ROOT_PASSWORD, ...args], { input, stdio: ['pipe', 'pipe', 'pipe'] });
  return {
    url,
    port,
    ca: opts.tls ? fs.readFileSync(path.join(dir, 'cert.pem')) : null,
    ldapsUrl,
    add: (text) => void asRoot('/usr/bin/ldapadd', [], text),
    modify: (text) => void asRoot('/usr/bin/ldapmodify', [], text),
    remove: (...dns) => void asRoot('/usr/bin/ldapdelete', dns),
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
