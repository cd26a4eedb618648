import type * as PdfLib from 'pdf-lib';
import type * as SignPdfLib from '@signpdf/signpdf';
import type * as Placeholder from '@signpdf/placeholder-pdf-lib';
import type * as SignPdfUtils from '@signpdf/utils';
import { lazyRequire } from './lazy-require';
import { cmsSign, cmsVerify, type CmsCheck, type CmsSigner } from './pades-cms';

export const pdfLib = lazyRequire<typeof PdfLib>('pdf-lib');
const signpdf = lazyRequire<typeof SignPdfLib>('@signpdf/signpdf');
const placeholder = lazyRequire<typeof Placeholder>('@signpdf/placeholder-pdf-lib');
const utils = lazyRequire<typeof SignPdfUtils>('@signpdf/utils');

/** Room for the CMS in /Contents (bytes): a certificate chain of a few certificates fits. */
const SIGNATURE_BYTES = 12_000;

export interface SignatureInfo {
  /** who signs (the signature dictionary's /Name) */
  name: string;
  reason: string;
  location: string;
  contactInfo: string;
}

/**
 * Signs a PDF as PAdES baseline B-B (ETSI EN 319 142-1): `decorate` first draws on the loaded document (a QR
 * code), then an invisible signature field is added (/SubFilter ETSI.CAdES.detached) and its /Contents filled
 * with the detached CMS over the /ByteRange, i.e. the whole file but the signature itself.
 */
export async function signPdf(
  pdf: Buffer,
  signer: CmsSigner,
  info: SignatureInfo,
  decorate: (doc: PdfLib.PDFDocument) => Promise<void> | void = () => undefined,
): Promise<Buffer> {
  const doc = await pdfLib().PDFDocument.load(pdf);
  await decorate(doc);
  placeholder().pdflibAddPlaceholder({
    pdfDoc: doc,
    ...info,
    signatureLength: SIGNATURE_BYTES,
    subFilter: utils().SUBFILTER_ETSI_CADES_DETACHED,
    signingTime: new Date(),
  });
  const prepared = Buffer.from(await doc.save({ useObjectStreams: false }));
  const { Signer } = utils();
  class CadesSigner extends Signer {
    override async sign(content: Buffer): Promise<Buffer> {
      return cmsSign(content, signer);
    }
  }
  return signpdf().default.sign(prepared, new CadesSigner());
}

/**
 * The signature of a signed PDF checked: it covers the whole file but its own /Contents (nothing appended after
 * signing) and the CMS verifies over those bytes. A file without a readable signature is not valid.
 */
export function verifyPdf(pdf: Buffer): CmsCheck {
  try {
    const { ByteRange, signedData } = utils().extractSignature(pdf);
    const [start, firstLength, second, secondLength] = ByteRange as [number, number, number, number];
    if (start !== 0 || second + secondLength !== pdf.length || second <= firstLength) return { valid: false };
    // the hex between < and >, zero-padded after the DER (read whole: a signature may end in a zero byte)
    const contents = pdf.subarray(firstLength + 1, second - 1).toString('latin1');
    if (!/^[0-9a-fA-F]*$/.test(contents)) return { valid: false };
    return cmsVerify(Buffer.from(contents, 'hex'), signedData);
  } catch {
    return { valid: false };
  }
}
