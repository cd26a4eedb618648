import { createHash, createSign, createVerify, X509Certificate, type KeyObject } from 'node:crypto';
import type Forge from 'node-forge';
import { lazyRequire } from './lazy-require';

const forge = lazyRequire<typeof Forge>('node-forge');

/**
 * The CMS SignedData of a PAdES baseline B-B signature (ETSI EN 319 142-1, CAdES detached; RFC 5652): SHA-256,
 * RSA, and the signed attributes content-type, message-digest and signing-certificate-v2 (RFC 5035). PAdES puts
 * the signing time in the signature dictionary's /M, so no signing-time attribute is signed.
 */
const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
} as const;

/** A signing key with its certificate (DER). */
export interface CmsSigner {
  key: KeyObject;
  certDer: Buffer;
}

const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest();

function builders() {
  const { asn1 } = forge();
  const U = asn1.Class.UNIVERSAL;
  const T = asn1.Type;
  return {
    asn1,
    oid: (o: string) => asn1.create(U, T.OID, false, asn1.oidToDer(o).getBytes()),
    seq: (v: Forge.asn1.Asn1[]) => asn1.create(U, T.SEQUENCE, true, v),
    set: (v: Forge.asn1.Asn1[]) => asn1.create(U, T.SET, true, v),
    octets: (b: Buffer) => asn1.create(U, T.OCTETSTRING, false, b.toString('binary')),
    int: (n: number) => asn1.create(U, T.INTEGER, false, String.fromCharCode(n)),
    nul: () => asn1.create(U, T.NULL, false, ''),
    tagged: (n: number, v: Forge.asn1.Asn1[]) => asn1.create(asn1.Class.CONTEXT_SPECIFIC, n, true, v),
    der: (a: Forge.asn1.Asn1) => Buffer.from(asn1.toDer(a).getBytes(), 'binary'),
    // the /Contents of a PDF signature is zero-padded after the DER
    parse: (b: Buffer) => asn1.fromDer(b.toString('binary'), { parseAllBytes: false } as unknown as boolean),
  };
}

/** The issuer Name and serial number of a certificate, as its own bytes hold them. */
function issuerSerial(certDer: Buffer): [Forge.asn1.Asn1, Forge.asn1.Asn1] {
  const b = builders();
  const tbs = (b.parse(certDer).value as Forge.asn1.Asn1[])[0]!.value as Forge.asn1.Asn1[];
  const i = tbs[0]!.tagClass === b.asn1.Class.CONTEXT_SPECIFIC ? 1 : 0;
  return [tbs[i + 2]!, tbs[i]!];
}

/** The DER of the signed attributes as signed: the SET OF (tag 0x31), not the [0] IMPLICIT of the SignerInfo. */
const signedAttrsDer = (attrs: Forge.asn1.Asn1[]) => builders().der(builders().set(attrs));

/** A detached CMS signature (DER) of `content` by `signer`. */
export function cmsSign(content: Buffer, signer: CmsSigner): Buffer {
  const b = builders();
  const algo = (o: string) => b.seq([b.oid(o), b.nul()]);
  const attr = (type: string, value: Forge.asn1.Asn1) => b.seq([b.oid(type), b.set([value])]);
  const [issuer, serial] = issuerSerial(signer.certDer);
  // ESSCertIDv2 with the default hash algorithm (SHA-256) left out, and the issuer and serial of the certificate
  const essCertId = b.seq([b.octets(sha256(signer.certDer)), b.seq([b.seq([b.tagged(4, [issuer])]), serial])]);
  const attrs = [
    attr(OID.contentType, b.oid(OID.data)),
    attr(OID.messageDigest, b.octets(sha256(content))),
    attr(OID.signingCertificateV2, b.seq([b.seq([essCertId])])),
  ];
  const signature = createSign('sha256').update(signedAttrsDer(attrs)).sign(signer.key);
  const signerInfo = b.seq([
    b.int(1),
    b.seq([issuer, serial]),
    algo(OID.sha256),
    b.tagged(0, attrs),
    algo(OID.rsaEncryption),
    b.octets(signature),
  ]);
  const signedData = b.seq([
    b.int(1),
    b.set([algo(OID.sha256)]),
    b.seq([b.oid(OID.data)]),
    b.tagged(0, [b.parse(signer.certDer)]),
    b.set([signerInfo]),
  ]);
  return b.der(b.seq([b.oid(OID.signedData), b.tagged(0, [signedData])]));
}

export interface CmsCheck {
  valid: boolean;
  /** SHA-256 of the signing certificate (hex), when the signature could be read */
  certSha256?: string;
}

const oidOf = (a: Forge.asn1.Asn1) => forge().asn1.derToOid(a.value as string);

/**
 * Checks a detached CMS signature over `content`: the signed message digest is the content's, the signed
 * attributes verify with the key of the certificate the signature carries, and the signing-certificate-v2
 * attribute names that certificate. Anything unreadable is simply not valid.
 */
export function cmsVerify(cms: Buffer, content: Buffer): CmsCheck {
  try {
    const b = builders();
    const signedData = ((b.parse(cms).value as Forge.asn1.Asn1[])[1]!.value as Forge.asn1.Asn1[])[0]!.value as Forge.asn1.Asn1[];
    const certs = signedData.find((a) => a.tagClass === b.asn1.Class.CONTEXT_SPECIFIC && a.type === 0)!;
    const certDer = b.der((certs.value as Forge.asn1.Asn1[])[0]!);
    const signerInfo = (signedData[signedData.length - 1]!.value as Forge.asn1.Asn1[])[0]!.value as Forge.asn1.Asn1[];
    const attrsNode = signerInfo.find((a) => a.tagClass === b.asn1.Class.CONTEXT_SPECIFIC && a.type === 0)!;
    const attrs = attrsNode.value as Forge.asn1.Asn1[];
    const valueOf = (type: string) => {
      const found = attrs.find((a) => oidOf((a.value as Forge.asn1.Asn1[])[0]!) === type);
      return found ? ((found.value as Forge.asn1.Asn1[])[1]!.value as Forge.asn1.Asn1[])[0]! : undefined;
    };
    const certSha256 = sha256(certDer).toString('hex');
    const digest = valueOf(OID.messageDigest);
    const essCert = valueOf(OID.signingCertificateV2);
    const essHash = essCert && (((essCert.value as Forge.asn1.Asn1[])[0]!.value as Forge.asn1.Asn1[])[0]!.value as Forge.asn1.Asn1[])[0]!;
    if (!digest || !essHash) return { valid: false, certSha256 };
    if (Buffer.from(digest.value as string, 'binary').toString('hex') !== sha256(content).toString('hex'))
      return { valid: false, certSha256 };
    if (Buffer.from(essHash.value as string, 'binary').toString('hex') !== certSha256) return { valid: false, certSha256 };
    const signature = Buffer.from(signerInfo[signerInfo.length - 1]!.value as string, 'binary');
    const valid = createVerify('sha256').update(signedAttrsDer(attrs)).verify(new X509Certificate(certDer).publicKey, signature);
    return { valid, certSha256 };
  } catch {
    return { valid: false };
  }
}
