import { createHash } from 'node:crypto';

/**
 * A weak entity tag for the parts that decide an answer (a version, a platform, a viewer). The parts are
 * hashed, so no part (a query value among them) ever reaches the header as written: a header is ASCII.
 */
export function weakEtag(...parts: ReadonlyArray<string | number>): string {
  return `W/"${createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 32)}"`;
}
