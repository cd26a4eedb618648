import { createRequire } from 'node:module';

const requireHere = createRequire(import.meta.url);

/**
 * A CommonJS package loaded on first use rather than at start-up: PostgreSQL's driver and the Redis client are only
 * needed when configured (start-up to /health ≤ 2 s, issue 35). The type comes from a type-only import.
 */
export function lazyRequire<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= requireHere(name) as T);
}
