import { RETENTION_LABELS, type ArchiveItem } from '@oa/shared/contract/archive';
import { exceljs } from '../../lib/heavy-libs';

/** The archive catalogue (归档文件目录, DA/T 22 columns) as an Excel sheet. */
export async function catalogueWorkbook(rows: ArchiveItem[]): Promise<Buffer> {
  const wb = new (exceljs().Workbook)();
  const ws = wb.addWorksheet('归档文件目录');
  ws.columns = [
    { header: '序号', width: 6 },
    { header: '档号', width: 30 },
    { header: '文号', width: 18 },
    { header: '责任者', width: 20 },
    { header: '题名', width: 44 },
    { header: '日期', width: 10 },
    { header: '密级', width: 8 },
    { header: '页数', width: 6 },
    { header: '保管期限', width: 10 },
    { header: '盒号', width: 8 },
    { header: '备注', width: 20 },
    { header: '归档包文件（SM3）', width: 60 },
  ];
  ws.getRow(1).font = { bold: true };
  rows.forEach((r, i) =>
    ws.addRow([
      i + 1,
      r.archiveCode,
      r.docNo ?? '',
      r.responsible,
      r.title,
      r.docDate,
      r.secretLevel,
      r.pages,
      RETENTION_LABELS[r.retention],
      r.boxNo ?? '',
      r.remarks ?? '',
      (r.packageFiles ?? []).map((f) => `${f.name}  ${f.sm3}`).join('\n'),
    ]),
  );
  return Buffer.from(await wb.xlsx.writeBuffer());
}
