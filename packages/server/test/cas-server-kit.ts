import http from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';

/**
 * A minimal CAS server for the SSO tests — the far end, written from the CAS Protocol 3.0 specification
 * (apereo.github.io/cas/7.0.x/protocol/CAS-Protocol-Specification.html), as no maintained npm package provides one:
 * /login (a form; a ticket-granting cookie then skips it) issues one-time service tickets bound to the service
 * address; /serviceValidate (2.0: the user) and /p3/serviceValidate (3.0: the user and attributes) validate them;
 * /logout ends the single sign-on session and follows `service`. Tickets live 10 s at most, as the spec suggests.
 */
export interface CasPerson {
  user: string;
  password: string;
  attributes: Record<string, string>;
}

export interface RunningCasServer {
  /** the CAS base address, e.g. http://127.0.0.1:1234/cas */
  baseUrl: string;
  people: Map<string, CasPerson>;
  /** validations seen: [path, service] */
  validations: Array<[string, string]>;
  stop(): Promise<void>;
}

const xml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startCasServer(people: CasPerson[]): Promise<RunningCasServer> {
  const byUser = new Map(people.map((p) => [p.user, p]));
  const tickets = new Map<string, { user: string; service: string; expires: number }>();
  const sessions = new Map<string, string>(); // TGC → user
  const validations: Array<[string, string]> = [];

  const issue = (res: http.ServerResponse, user: string, service: string, tgc?: string) => {
    const st = `ST-${randomBytes(16).toString('hex')}`;
    tickets.set(st, { user, service, expires: Date.now() + 10_000 });
    const sep = service.includes('?') ? '&' : '?';
    res.writeHead(302, {
      location: `${service}${sep}ticket=${st}`,
      ...(tgc ? { 'set-cookie': `CASTGC=${tgc}; Path=/cas; HttpOnly` } : {}),
    });
    res.end();
  };

  const validate = (url: URL, res: http.ServerResponse, withAttributes: boolean) => {
    const service = url.searchParams.get('service') ?? '';
    const ticket = url.searchParams.get('ticket') ?? '';
    validations.push([url.pathname, service]);
    const t = tickets.get(ticket);
    tickets.delete(ticket); // a ticket is validated once, whatever the outcome
    const body = (inner: string) => `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">\n${inner}\n</cas:serviceResponse>`;
    res.writeHead(200, { 'content-type': 'application/xml; charset=utf-8' });
    if (!t || t.expires < Date.now())
      return res.end(
        body(`<cas:authenticationFailure code="INVALID_TICKET">Ticket ${xml(ticket)} not recognized</cas:authenticationFailure>`),
      );
    if (t.service !== service)
      return res.end(
        body(`<cas:authenticationFailure code="INVALID_SERVICE">Ticket was issued for another service</cas:authenticationFailure>`),
      );
    const attrs = withAttributes
      ? `<cas:attributes>${Object.entries(byUser.get(t.user)?.attributes ?? {})
          .map(([k, v]) => `<cas:${k}>${xml(v)}</cas:${k}>`)
          .join('')}</cas:attributes>`
      : '';
    res.end(body(`<cas:authenticationSuccess><cas:user>${xml(t.user)}</cas:user>${attrs}</cas:authenticationSuccess>`));
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://cas.invalid');
    const tgc = /(?:^|;\s*)CASTGC=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
    const service = url.searchParams.get('service') ?? '';
    if (url.pathname === '/cas/login' && req.method === 'GET') {
      const user = tgc ? sessions.get(tgc) : undefined;
      if (user && service) return issue(res, user, service);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(
        `<!doctype html><title>CAS</title><form method="post" action="/cas/login?service=${encodeURIComponent(service)}">` +
          `<input type="hidden" name="execution" value="e1s1"/><input name="username"><input name="password" type="password"><button>登录</button></form>`,
      );
    }
    if (url.pathname === '/cas/login' && req.method === 'POST') {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        const form = new URLSearchParams(raw);
        const p = byUser.get(form.get('username') ?? '');
        if (!p || p.password !== form.get('password')) {
          res.writeHead(401, { 'content-type': 'text/plain' });
          return res.end('Authentication failed');
        }
        const newTgc = `TGT-${randomBytes(16).toString('hex')}`;
        sessions.set(newTgc, p.user);
        issue(res, p.user, service, newTgc);
      });
      return;
    }
    if (url.pathname === '/cas/serviceValidate') return validate(url, res, false);
    if (url.pathname === '/cas/p3/serviceValidate') return validate(url, res, true);
    if (url.pathname === '/cas/logout') {
      if (tgc) sessions.delete(tgc);
      res.writeHead(service ? 302 : 200, { ...(service ? { location: service } : {}), 'set-cookie': 'CASTGC=; Path=/cas; Max-Age=0' });
      return res.end(service ? '' : 'Logout successful');
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}/cas`,
    people: byUser,
    validations,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
