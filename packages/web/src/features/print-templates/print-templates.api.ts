import {
  PRINT_TEMPLATE_API,
  type TemplateDetail,
  type TemplateInfo,
  type TemplateModuleItem,
  type TemplatePreviewHtml,
  type TemplateRecord,
} from '@oa/shared/contract/print-template';
import { PRINT_API } from '@oa/shared/contract/print';
import { http, unwrap } from '../../lib/http-client';
import { downloadFrom, uploadFile } from '../../lib/files-transfer';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** The administrator's Word templates of the printed sheets (contract: @oa/shared/contract/print-template). */
export const printTemplatesApi = {
  list: async () => unwrap(await http.get<TemplateModuleItem[]>(PRINT_TEMPLATE_API.list)),
  detail: async (moduleCode: string) => unwrap(await http.get<TemplateDetail>(PRINT_TEMPLATE_API.detail, { moduleCode })),
  records: async (moduleCode: string) => unwrap(await http.get<TemplateRecord[]>(PRINT_TEMPLATE_API.records, { moduleCode })),
  upload: async (moduleCode: string, file: File) =>
    (await uploadFile(
      `${PRINT_TEMPLATE_API.upload}?moduleCode=${encodeURIComponent(moduleCode)}`,
      file,
      file.name,
    )) as unknown as TemplateInfo,
  remove: async (moduleCode: string) => unwrap(await http.post<null>(PRINT_TEMPLATE_API.remove, { moduleCode })),
  download: (moduleCode: string, fileName: string) => downloadFrom(PRINT_TEMPLATE_API.download, { moduleCode }, fileName, DOCX),
  previewHtml: async (moduleCode: string, recordId: string) =>
    unwrap(await http.get<TemplatePreviewHtml>(PRINT_TEMPLATE_API.preview, { moduleCode, recordId, format: 'html' })).html,
  previewDocx: (moduleCode: string, recordId: string, name: string) =>
    downloadFrom(PRINT_TEMPLATE_API.preview, { moduleCode, recordId, format: 'docx' }, `${name}.docx`, DOCX),
  /** the PDF every reader prints: the default sheet (a template is Word only) */
  defaultPdf: (moduleCode: string, recordId: string, name: string) =>
    downloadFrom(PRINT_API.sheet, { moduleCode, recordId, format: 'pdf' }, `${name}.pdf`, 'application/pdf'),
};
