import type { ClientConfig } from '@oa/shared/contract/auth';
import type { ApiEnvelope } from '@oa/shared/contract/envelope';
import { API_PREFIX } from './api-prefix';

let config: ClientConfig | null = null;

/** Loads GET /api/base/system/clientConfig once, before the app renders (signing keys, site title…). */
export async function loadClientConfig(): Promise<ClientConfig> {
  if (config) return config;
  const res = await fetch(`${API_PREFIX}/api/base/system/clientConfig`, {
    headers: { Accept: 'application/json', 'auth-source': 'web', 'auth-device': 'pc' },
  });
  if (!res.ok) throw new Error(`clientConfig HTTP ${res.status}`);
  const env = (await res.json()) as ApiEnvelope<ClientConfig>;
  if (env.code !== 0 || !env.data) throw new Error(env.message || 'clientConfig failed');
  config = env.data;
  return config;
}

export function getClientConfig(): ClientConfig {
  if (!config) throw new Error('client config is not loaded yet');
  return config;
}

/** For tests and diagnostics: the config if loaded, else null. */
export function peekClientConfig(): ClientConfig | null {
  return config;
}
