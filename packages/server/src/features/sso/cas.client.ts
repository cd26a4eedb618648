import { XMLParser } from 'fast-xml-parser';
import type { CasSettings } from '../../core/identity/sso-config';

/**
 * CAS 2.0 / 3.0 (the CAS protocol specification, apereo.github.io/cas/…/CAS-Protocol-Specification): /login with the
 * service address, the service ticket validated by the server itself at /serviceValidate (2.0) or /p3/serviceValidate
 * (3.0, with attributes), /logout.
 */
export const casLoginUrl = (s: CasSettings, service: string): string => `${s.baseUrl}/login?service=${encodeURIComponent(service)}`;

export const casLogoutUrl = (s: CasSettings, afterLogout: string): string =>
  `${s.baseUrl}/logout?service=${encodeURIComponent(afterLogout)}`;

export interface CasIdentity {
  user: string;
  attributes: Record<string, unknown>;
}

/** Why a ticket was refused: the CAS server said no (or could not be reached), or its answer was unreadable. */
export class CasRefusal extends Error {
  constructor(
    readonly reason: 'provider' | 'token',
    message: string,
  ) {
    super(message);
  }
}

const parser = new XMLParser({ removeNSPrefix: true, ignoreAttributes: false, parseTagValue: false, trimValues: true });

const text = (v: unknown): string | null => {
  if (typeof v === 'string') return v;
  if (v && typeof v === 'object' && '#text' in v) return String((v as { '#text': unknown })['#text']);
  return null;
};

/** Validates a service ticket for exactly the service address it was issued to (10 s at most). */
export async function casValidate(s: CasSettings, service: string, ticket: string): Promise<CasIdentity> {
  const path = s.version === '3.0' ? '/p3/serviceValidate' : '/serviceValidate';
  const url = `${s.baseUrl}${path}?service=${encodeURIComponent(service)}&ticket=${encodeURIComponent(ticket)}`;
  let body: string;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(10_000), redirect: 'error' });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    body = await res.text();
  } catch (e) {
    throw new CasRefusal('provider', (e as Error).message);
  }
  let doc: { serviceResponse?: { authenticationSuccess?: unknown; authenticationFailure?: unknown } };
  try {
    doc = parser.parse(body) as typeof doc;
  } catch (e) {
    throw new CasRefusal('token', (e as Error).message);
  }
  const answer = doc.serviceResponse;
  if (answer?.authenticationFailure !== undefined)
    throw new CasRefusal('provider', text(answer.authenticationFailure) ?? 'authenticationFailure');
  const success = answer?.authenticationSuccess as { user?: unknown; attributes?: Record<string, unknown> } | undefined;
  const user = text(success?.user)?.trim();
  if (!user) throw new CasRefusal('token', 'no cas:user in the answer');
  const attributes: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(success?.attributes ?? {})) attributes[k] = Array.isArray(v) ? text(v[0]) : text(v);
  return { user, attributes };
}
