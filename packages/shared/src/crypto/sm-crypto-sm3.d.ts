/** The SM3 part of sm-crypto alone (the package's main also bundles SM2 with its big-number library). */
declare module 'sm-crypto/src/sm3/index.js' {
  /** SM3 digest of a UTF-8 string (or bytes) as lower-case hex. */
  export default function sm3(input: string | ArrayLike<number>): string;
}
