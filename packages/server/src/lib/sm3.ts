import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';

/** The SM3 digest (GB/T 32905) of bytes as hex, by OpenSSL's sm3 (the audit chain's and the archive package's). */
export const sm3Hex = (b: Buffer | string): string => createHash('sm3').update(b).digest('hex');

/** A pass-through that digests what flows through it: `sm3()` and `size()` once it has ended. */
export function sm3Meter(): Transform & { sm3: () => string; size: () => number } {
  const hash = createHash('sm3');
  let size = 0;
  let digest = '';
  const meter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
    flush(done) {
      digest = hash.digest('hex');
      done();
    },
  });
  return Object.assign(meter, { sm3: () => digest, size: () => size });
}
