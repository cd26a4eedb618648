import { Readable } from 'node:stream';

/**
 * A body kept in memory as several buffers (views of a large body shared by every reader, and the reader's own
 * part between them), answered without joining them: one request never copies megabytes. One buffer is sent as
 * it is; several as a stream of them, with their total as the Content-Length (no chunked encoding).
 */
export function bodyOfParts(parts: Buffer[]): { payload: Buffer | Readable; length: number } {
  const length = parts.reduce((n, b) => n + b.length, 0);
  return { payload: parts.length === 1 ? parts[0]! : Readable.from(parts), length };
}
