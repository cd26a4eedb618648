import { createHash, randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import type { PDFDocument } from 'pdf-lib';
import type { AppContext } from '../../core/context';
import { MM } from './render-layout';
import type { RedHeadModel } from './render-model';
import { pdfLib, signPdf } from '../../lib/pades-pdf';
import { loadDocumentSigner, type DocumentSigner } from '../../lib/sign-certificate';

/**
 * The step after rendering at 印制 (issue 37): the red-header PDF the renderer gave (seal and all) gets a QR code in
 * the top margin of its first page, pointing to the public verification page /oa/verify/<id>, and is then signed
 * (PAdES B-B, lib/pades-pdf.ts) with the association's certificate. The issued file's hashes are what the page
 * compares an uploaded file with.
 */

/** The QR code: 20 mm square, 15 mm from the right edge and 8 mm from the top (above the red header's 35 mm). */
const QR = { size: 20 * MM, right: 15 * MM, top: 8 * MM };

const signers = new Map<string, DocumentSigner>();
/** The signer of this configuration, loaded (or generated, in development) by the first issue. */
function signerOf(ctx: AppContext): DocumentSigner {
  const { dataDir, orgName, pdfSigning } = ctx.config;
  const key = `${dataDir}\n${pdfSigning.p12 ?? ''}`;
  let signer = signers.get(key);
  if (!signer) {
    signer = loadDocumentSigner({ dataDir, orgName, pdfSigning }).signer;
    signers.set(key, signer);
  }
  return signer;
}

/** The QR code's modules as one SVG path (1 unit a module), drawn on a white square with a 2-module quiet zone. */
function drawQr(doc: PDFDocument, url: string): void {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  let path = '';
  for (let r = 0; r < n; r += 1) for (let c = 0; c < n; c += 1) if (modules.get(r, c)) path += `M${c} ${r}h1v1h-1z`;
  const page = doc.getPage(0);
  const { width, height } = page.getSize();
  const { rgb } = pdfLib();
  const x = width - QR.right - QR.size;
  const top = height - QR.top;
  const scale = QR.size / (n + 4);
  page.drawRectangle({ x, y: top - QR.size, width: QR.size, height: QR.size, color: rgb(1, 1, 1) });
  page.drawSvgPath(path, { x: x + 2 * scale, y: top - 2 * scale, scale, color: rgb(0, 0, 0), borderWidth: 0 });
}

export interface IssuedPdf {
  id: string;
  url: string;
  buffer: Buffer;
  sha256: string;
  sm3: string;
  certSha256: string;
}

/** The issued PDF of a rendered red-header document: QR code, then the signature. */
export async function issuePdf(ctx: AppContext, model: RedHeadModel, rendered: Buffer): Promise<IssuedPdf> {
  const id = randomBytes(16).toString('base64url');
  const url = `${ctx.config.notify.publicUrl}/oa/verify/${id}`;
  const signer = signerOf(ctx);
  const buffer = await signPdf(
    rendered,
    signer,
    { name: model.signature, reason: `印发 ${model.docNo}`, location: model.signature, contactInfo: url },
    (doc) => drawQr(doc, url),
  );
  return {
    id,
    url,
    buffer,
    sha256: createHash('sha256').update(buffer).digest('hex'),
    sm3: createHash('sm3').update(buffer).digest('hex'),
    certSha256: signer.certSha256,
  };
}
