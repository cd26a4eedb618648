import type { TestApp } from './harness';

/**
 * A small browser for the SSO tests: it follows redirects by hand, keeps the provider's cookies, fills in the
 * provider's forms (login name + any password, consent, logout confirmation) and sends what returns to AssocOA's
 * public address into the test app. AssocOA's own cookie (the sign-in's browser key) is kept apart.
 */
export const OA_ORIGIN = 'http://oa.test';

export class SsoBrowser {
  readonly jar = new Map<string, string>();
  oaCookie = '';
  /** the provider's authorization request, as AssocOA built it */
  authorizationUrl: URL | null = null;

  constructor(private readonly t: TestApp) {}

  private cookieHeader() {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private keep(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      const value = pair.slice(i + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(c)) this.jar.delete(pair.slice(0, i));
      else this.jar.set(pair.slice(0, i), value);
    }
  }

  /** Visits a provider address, submitting its forms, until it sends the browser to AssocOA; returns that address. */
  async atProvider(start: string, login: string, password = 'any'): Promise<URL> {
    let url = new URL(start);
    let init: RequestInit = {};
    for (let hops = 0; hops < 20; hops++) {
      const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers ?? {}), cookie: this.cookieHeader() } });
      this.keep(res);
      init = {};
      const location = res.headers.get('location');
      if (location) {
        url = new URL(location, url);
        if (url.origin === OA_ORIGIN) return url;
        continue;
      }
      const html = await res.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      if (res.status !== 200 || !action) throw new Error(`the provider answered ${res.status}: ${html.slice(0, 300)}`);
      const fields = new URLSearchParams();
      for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\s*\/?>/g)) fields.set(m[1], m[2]);
      if (html.includes('name="login"')) fields.set('login', login); // oidc-provider's page
      if (html.includes('name="username"')) fields.set('username', login); // CAS
      if (html.includes('name="password"')) fields.set('password', password);
      if (html.includes('name="logout"')) fields.set('logout', 'yes');
      url = new URL(action.replace(/&amp;/g, '&'), url);
      init = { method: 'POST', body: fields.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
    }
    throw new Error('too many redirects at the provider');
  }

  /** GET an AssocOA address as this browser (its SSO cookie), answering the redirect target. */
  async atOa(pathAndQuery: string): Promise<string> {
    const res = await this.t.app.inject({ method: 'GET', url: pathAndQuery, headers: this.oaCookie ? { cookie: this.oaCookie } : {} });
    const set = res.headers['set-cookie'];
    const first = Array.isArray(set) ? set[0] : set;
    if (first) this.oaCookie = first.split(';')[0];
    if (res.statusCode !== 302) throw new Error(`${pathAndQuery} answered ${res.statusCode}: ${res.body}`);
    return String(res.headers.location);
  }

  /** The whole sign-in up to the login page's address (…?sso=code or …?ssoError=reason); `alter` may change the callback. */
  async signIn(
    protocol: 'oidc' | 'cas',
    login: string,
    opts: { redirect?: string; password?: string; alter?: (callback: URL) => void } = {},
  ) {
    const toProvider = await this.atOa(`/oa/api/base/sso/${protocol}/start?redirect=${encodeURIComponent(opts.redirect ?? '/')}`);
    this.authorizationUrl = new URL(toProvider);
    const callback = await this.atProvider(toProvider, login, opts.password);
    opts.alter?.(callback);
    return new URL(await this.atOa(callback.pathname + callback.search), OA_ORIGIN);
  }

  /** The login page's exchange of the code (a signed call, with this browser's cookie). */
  exchange(code: string) {
    return this.t.call('POST', '/oa/api/base/sso/exchange', { body: { code }, headers: this.oaCookie ? { cookie: this.oaCookie } : {} });
  }

  /** The round trip: sign in at the provider, then trade the hand-over code for the login's answer (a session or a second step). */
  async roundTrip(protocol: 'oidc' | 'cas', login: string, opts: { redirect?: string; password?: string } = {}) {
    const landed = await this.signIn(protocol, login, opts);
    const code = landed.searchParams.get('sso');
    if (!code) throw new Error(`no hand-over: ${landed.href}`);
    return this.exchange(code);
  }
}
