import { PRINT_API, type SheetFormat } from '@oa/shared/contract/print';
import { downloadFrom, fetchBlob, uploadFile } from '../lib/files-transfer';

const TYPES: Record<SheetFormat, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** The printed 审批单/处理笺 and the handwritten signatures (contract: @oa/shared/contract/print). */
export const sheetApi = {
  /** downloads the record's A4 sheet (the server re-checks that the user may read the record) */
  print: (moduleCode: string, recordId: string, name: string, format: SheetFormat) =>
    downloadFrom(PRINT_API.sheet, { moduleCode, recordId, format }, `${name}.${format}`, TYPES[format]),
  /** the record's A4 sheet as PDF bytes, to show in the page (the phone app) */
  pdf: (moduleCode: string, recordId: string) => fetchBlob(PRINT_API.sheet, { moduleCode, recordId, format: 'pdf' }),
  /** stores a signature drawn on the pad; its file id goes with 同意 */
  uploadSignature: async (png: Blob): Promise<string> => {
    const up = (await uploadFile(PRINT_API.signature, png, 'signature.png')) as unknown as { fileId: string };
    return up.fileId;
  },
};
