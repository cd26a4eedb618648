import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pdfDocument } from './heavy-libs';
import { signPdf, verifyPdf } from './pades-pdf';
import { loadDocumentSigner } from './sign-certificate';
import { pdfSignatures as pdfsig } from '../../test/pdf-read';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-pades-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const onePage = () =>
  new Promise<Buffer>((resolve) => {
    const doc = new (pdfDocument())({ size: 'A4' });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.text('issued');
    doc.end();
  });

const info = { name: '某协会', reason: '印发', location: '北京', contactInfo: '' };

describe('PAdES signatures of PDFs', () => {
  it('signs with the certificate of OA_SIGN_P12 (a .p12 made by OpenSSL, given as base64 or as a path)', async () => {
    const key = path.join(dir, 'key.pem');
    const cert = path.join(dir, 'cert.pem');
    const p12 = path.join(dir, 'org.p12');
    execFileSync('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '30',
      '-subj',
      '/CN=Example Association Seal/O=Example',
    ]);
    execFileSync('openssl', ['pkcs12', '-export', '-inkey', key, '-in', cert, '-out', p12, '-passout', 'pass:s3cret']);
    for (const value of [fs.readFileSync(p12).toString('base64'), p12]) {
      const { signer, warning } = loadDocumentSigner({ dataDir: dir, orgName: '某协会', pdfSigning: { p12: value, password: 's3cret' } });
      expect(warning).toBeUndefined();
      expect(signer.subject).toBe('Example Association Seal');
      const signed = await signPdf(await onePage(), signer, info);
      const report = pdfsig(signed);
      expect(report).toContain('Signer Certificate Common Name: Example Association Seal');
      expect(report).toContain('Signature Validation: Signature is Valid.');
      expect(verifyPdf(signed)).toEqual({ valid: true, certSha256: signer.certSha256 });
    }
    expect(() => loadDocumentSigner({ dataDir: dir, orgName: '某协会', pdfSigning: { p12, password: 'wrong' } })).toThrow();
  });

  it('generates the development certificate once, and refuses a file with bytes appended or without a signature', async () => {
    const load = () => loadDocumentSigner({ dataDir: dir, orgName: '某协会', pdfSigning: { password: '' } });
    const first = load();
    expect(first.warning).toContain('OA_SIGN_P12');
    expect(load().signer.certSha256).toBe(first.signer.certSha256);
    const plain = await onePage();
    const signed = await signPdf(plain, first.signer, info);
    expect(verifyPdf(signed).valid).toBe(true);
    expect(verifyPdf(Buffer.concat([signed, Buffer.from('\n% appended\n')])).valid).toBe(false);
    expect(verifyPdf(plain).valid).toBe(false);
  });
});
