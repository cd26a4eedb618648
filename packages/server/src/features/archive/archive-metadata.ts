import { XMLBuilder } from 'fast-xml-parser';
import { RETENTION_LABELS, type PackageFile } from '@oa/shared/contract/archive';
import type { ItemRow } from './archive.repository';

/**
 * The metadata of an archive package (元数据.xml): the item's catalogue entry with the DA/T 22-2015 items (全宗号, 门类,
 * 年度, 保管期限, 机构（问题）代码, 件号, 档号, 题名, 文号, 责任者, 日期, 密级, 页数, 盒号, 备注), its 处理笺 lines, and
 * every other file of the package with its size and SM3 digest (GB/T 32905), so the package can be checked by itself.
 */
const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, suppressEmptyNode: true });

export interface MetadataSheetLine {
  node: string;
  action: string;
  actorName: string;
  comment: string | null;
  at: string;
}

export function metadataXml(row: ItemRow, files: readonly PackageFile[], packedAt: string): string {
  const sheet = JSON.parse(row.sheet) as MetadataSheetLine[];
  const body = {
    归档文件: {
      '@_标准': 'DA/T 22-2015',
      '@_生成时间': packedAt,
      全宗号: row.fonds,
      门类代码: row.category,
      年度: row.year,
      保管期限: RETENTION_LABELS[row.retention],
      机构代码: row.org_code,
      件号: row.item_no,
      档号: row.archive_code,
      题名: row.title,
      文号: row.doc_no ?? '',
      责任者: row.responsible,
      日期: row.doc_date,
      密级: row.secret_level,
      页数: row.pages,
      盒号: row.box_no ?? '',
      备注: row.remarks ?? '',
      文件类别: row.kind === 'dispatch' ? '发文' : '收文',
      归档人: row.filed_by,
      归档时间: row.filed_at,
      处理笺: { 意见: sheet.map((l) => ({ 环节: l.node, 操作: l.action, 处理人: l.actorName, 意见内容: l.comment ?? '', 时间: l.at })) },
      文件清单: {
        '@_摘要算法': 'SM3',
        文件: files.map((f) => ({ '@_名称': f.name, '@_字节数': f.size, '@_SM3': f.sm3 })),
      },
    },
  };
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build(body) as string}`;
}
