import fs from 'node:fs';
import path from 'node:path';
import { createHash, createPrivateKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import type Forge from 'node-forge';
import { lazyRequire } from './lazy-require';
import type { CmsSigner } from './pades-cms';

const forge = lazyRequire<typeof Forge>('node-forge');

/** The generated development certificate's file in the data directory, and its (published, development-only) password. */
export const devP12File = (dataDir: string) => path.join(dataDir, 'pdf-signing-dev.p12');
const DEV_PASSWORD = 'oa-dev-only';

export interface DocumentSigner extends CmsSigner {
  /** SHA-256 of the certificate (hex) */
  certSha256: string;
  /** the certificate's subject common name */
  subject: string;
  source: 'env' | 'generated';
}

const bytes = (b: Buffer) => forge().util.createBuffer(b.toString('binary'));

/** The private key and its certificate out of a PKCS#12 file. */
export function signerOfP12(p12: Buffer, password: string, source: DocumentSigner['source']): DocumentSigner {
  const f = forge();
  const store = f.pkcs12.pkcs12FromAsn1(f.asn1.fromDer(bytes(p12)), false, password);
  const keyBag = [
    ...(store.getBags({ bagType: f.pki.oids.pkcs8ShroudedKeyBag })[f.pki.oids.pkcs8ShroudedKeyBag!] ?? []),
    ...(store.getBags({ bagType: f.pki.oids.keyBag })[f.pki.oids.keyBag!] ?? []),
  ][0];
  const key = keyBag?.key as Forge.pki.rsa.PrivateKey | undefined;
  if (!key) throw new Error('签名证书文件中没有私钥');
  const certs = store.getBags({ bagType: f.pki.oids.certBag })[f.pki.oids.certBag!] ?? [];
  const cert = certs.map((b) => b.cert).find((c) => !!c && (c.publicKey as Forge.pki.rsa.PublicKey).n.equals(key.n));
  if (!cert) throw new Error('签名证书文件中没有与私钥对应的证书');
  const certDer = Buffer.from(f.asn1.toDer(f.pki.certificateToAsn1(cert)).getBytes(), 'binary');
  return {
    key: createPrivateKey(f.pki.privateKeyToPem(key)),
    certDer,
    certSha256: createHash('sha256').update(certDer).digest('hex'),
    subject: f.util.decodeUtf8(String(cert.subject.getField('CN')?.value ?? '')),
    source,
  };
}

/** A self-signed RSA certificate for development, as PKCS#12. */
export function generateDevP12(orgName: string): Buffer {
  const f = forge();
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const cert = f.pki.createCertificate();
  cert.publicKey = f.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }) as string);
  cert.serialNumber = `01${randomBytes(15).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 10 * 365 * 86_400_000);
  const name = [
    { shortName: 'CN', value: `${orgName}（测试签名证书）`, valueTagClass: f.asn1.Type.UTF8 },
    { shortName: 'O', value: orgName, valueTagClass: f.asn1.Type.UTF8 },
    { shortName: 'C', value: 'CN' },
  ] as Forge.pki.CertificateField[];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  const key = f.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs8', format: 'pem' }) as string);
  cert.sign(key, f.md.sha256.create());
  const p12 = f.pkcs12.toPkcs12Asn1(key, [cert], DEV_PASSWORD, { algorithm: 'aes256' });
  return Buffer.from(f.asn1.toDer(p12).getBytes(), 'binary');
}

/** OA_SIGN_P12: a file path, or the file itself in base64. */
const p12Of = (v: string): Buffer => (fs.existsSync(v) ? fs.readFileSync(v) : Buffer.from(v, 'base64'));

/**
 * The certificate that signs issued documents: OA_SIGN_P12 (+ OA_SIGN_P12_PASSWORD) when set; else a self-signed
 * test certificate generated once into the data directory (development and demo), with a warning to log.
 */
export function loadDocumentSigner(config: { dataDir: string; orgName: string; pdfSigning: { p12?: string; password: string } }): {
  signer: DocumentSigner;
  warning?: string;
} {
  if (config.pdfSigning.p12) return { signer: signerOfP12(p12Of(config.pdfSigning.p12), config.pdfSigning.password, 'env') };
  const file = devP12File(config.dataDir);
  fs.mkdirSync(config.dataDir, { recursive: true });
  if (!fs.existsSync(file)) {
    try {
      fs.writeFileSync(file, generateDevP12(config.orgName), { flag: 'wx', mode: 0o600 });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
  return {
    signer: signerOfP12(fs.readFileSync(file), DEV_PASSWORD, 'generated'),
    warning: `未设置 OA_SIGN_P12：印发的公文使用数据目录中生成的测试证书 ${file} 签名（仅供开发和演示）`,
  };
}
