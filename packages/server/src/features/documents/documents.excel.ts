import { DOC_STATUS_LABELS, docNoText, type DocRow } from '@oa/shared/contract/documents';
import { exceljs } from '../../lib/heavy-libs';

/** The ledger (/receiptManager, /dispatchManage) as an Excel sheet. */
export async function ledgerWorkbook(kind: 'receipt' | 'dispatch', rows: DocRow[]): Promise<Buffer> {
  const wb = new (exceljs().Workbook)();
  const ws = wb.addWorksheet(kind === 'receipt' ? '收文台账' : '发文台账');
  const cols: Array<[string, (r: DocRow) => string, number]> =
    kind === 'receipt'
      ? [
          ['收文编号', (r) => r.serialNo, 16],
          ['来文单位', (r) => r.sourceOrg ?? '', 22],
          ['来文字号', (r) => r.sourceNo ?? '', 18],
          ['文件标题', (r) => r.title, 40],
          ['密级', (r) => r.secretLevel, 8],
          ['紧急程度', (r) => r.urgency, 10],
          ['收文日期', (r) => r.receivedDate ?? '', 12],
          ['办理时限', (r) => r.deadline ?? '', 12],
          ['当前环节', (r) => r.currentNodes ?? '', 16],
          ['状态', (r) => DOC_STATUS_LABELS[r.status] + (r.overdue ? '（超期）' : ''), 12],
          ['登记人', (r) => r.creatorName, 10],
          ['归档', (r) => (r.archived ? '已归档' : ''), 8],
        ]
      : [
          ['发文字号', (r) => docNoText(r), 20],
          ['拟稿编号', (r) => r.serialNo, 16],
          ['发文类型', (r) => r.typeName ?? '', 14],
          ['文件标题', (r) => r.title, 40],
          ['主送', (r) => r.mainTo ?? '', 24],
          ['密级', (r) => r.secretLevel, 8],
          ['紧急程度', (r) => r.urgency, 10],
          ['拟稿部门', (r) => r.deptName ?? '', 12],
          ['拟稿人', (r) => r.creatorName, 10],
          ['当前环节', (r) => r.currentNodes ?? '', 16],
          ['状态', (r) => DOC_STATUS_LABELS[r.status], 10],
          ['归档', (r) => (r.archived ? '已归档' : ''), 8],
        ];
  ws.columns = [{ header: '序号', width: 6 }, ...cols.map(([header, , width]) => ({ header, width }))];
  ws.getRow(1).font = { bold: true };
  rows.forEach((r, i) => ws.addRow([i + 1, ...cols.map(([, f]) => f(r))]));
  return Buffer.from(await wb.xlsx.writeBuffer());
}
