import { Document, Packer, Paragraph, Table, TableCell, TableRow, TextRun, WidthType } from 'docx';

/**
 * Word templates for the print-template tests, made with the `docx` package as an administrator would type them in
 * Word: head lines with placeholders, a table of fields, one table row per opinion ({#审批意见} … {/审批意见}).
 */
const p = (text: string) => new Paragraph({ children: [new TextRun({ text, font: { eastAsia: '宋体' } })] });
const c = (text: string) => new TableCell({ width: { size: 2000, type: WidthType.DXA }, children: [p(text)] });

export interface TemplateParts {
  head?: string[];
  /** label → placeholder rows of the field table */
  fields?: Array<[string, string]>;
  /** the cells of the opinion row (the loop opens in the first and closes in the last) */
  opinionRow?: string[];
  tail?: string[];
}

export const STAMP_TEMPLATE: TemplateParts = {
  head: ['{审批单名称}', '编号：{编号}', '{%二维码}'],
  fields: [
    ['用印事由', '{用印事由}'],
    ['印章类型', '{sealType}'],
    ['份数', '{用印份数}'],
    ['申请人', '{申请人}（{所属部门}）'],
  ],
  opinionRow: ['{#审批意见}{环节}', '{办理人} {办理结果}', '{意见}', '{时间}', '{%签名}{/审批意见}'],
  tail: ['打印：{打印时间}'],
};

export async function templateDocx(parts: TemplateParts = STAMP_TEMPLATE): Promise<Buffer> {
  const rows = [
    ...(parts.fields ?? []).map(([l, v]) => new TableRow({ children: [c(l), c(v)] })),
    ...(parts.opinionRow ? [new TableRow({ children: parts.opinionRow.map(c) })] : []),
  ];
  const children = [...(parts.head ?? []).map(p), ...(rows.length ? [new Table({ rows })] : []), ...(parts.tail ?? []).map(p)];
  return Packer.toBuffer(new Document({ sections: [{ children }] }));
}
