import fs from 'node:fs';
import path from 'node:path';
import { sm2 } from 'sm-crypto';

/** In sm-crypto since 0.3, missing from its type declarations. */
const publicKeyOf = (sm2 as unknown as { getPublicKeyFromPrivateKey(k: string): string }).getPublicKeyFromPrivateKey;

/** The SM2 key pair (GB/T 32918) that signs the audit's archive files. */
export interface AuditSigner {
  publicKey: string;
  sign(message: string): string;
  source: 'env' | 'generated';
}

export const signingKeyFile = (dataDir: string) => path.join(dataDir, 'audit-signing-key');

const signerOf = (privateKey: string, source: AuditSigner['source']): AuditSigner => ({
  publicKey: publicKeyOf(privateKey),
  sign: (message) => sm2.doSignature(message, privateKey, { hash: true, der: true }),
  source,
});

/**
 * OA_AUDIT_SIGNING_KEY (the private key, 64 hex digits) when set; else a key pair generated once into the data
 * directory (development and demo), with a warning to log.
 */
export function loadAuditSigner(config: { dataDir: string; audit: { signingKey?: string } }): { signer: AuditSigner; warning?: string } {
  const key = config.audit.signingKey?.trim();
  if (key) {
    if (!/^[0-9a-fA-F]{64}$/.test(key)) throw new Error('OA_AUDIT_SIGNING_KEY 应为 64 位十六进制的 SM2 私钥');
    return { signer: signerOf(key.toLowerCase(), 'env') };
  }
  const file = signingKeyFile(config.dataDir);
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, `${sm2.generateKeyPairHex().privateKey}\n`, { flag: 'wx', mode: 0o600 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  return {
    signer: signerOf(fs.readFileSync(file, 'utf8').trim(), 'generated'),
    warning: `未设置 OA_AUDIT_SIGNING_KEY：审计归档使用数据目录中生成的 SM2 签名密钥 ${file}（仅供开发和演示）`,
  };
}

export const verifySignature = (message: string, signature: string, publicKey: string): boolean =>
  sm2.doVerifySignature(message, signature, publicKey, { hash: true, der: true });
