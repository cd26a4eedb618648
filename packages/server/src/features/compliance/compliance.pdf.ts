import { COMPLIANCE_STATE_LABELS, type ComplianceReport, type ComplianceState } from '@oa/shared/contract/compliance';
import { chinaDateTime } from '@oa/shared/format/china-time';
import { cjkPdf } from '../../core/files/cjk-pdf';

/** The self-check for the assessor (A4, CJK font from core/files/cjk-font): date, association, each control's state and evidence. */

const STATE_COLOR: Record<ComplianceState, string> = { pass: '#237804', partial: '#ad6800', fail: '#a8071a' };
const LEFT = 64;
const WIDTH = 595.28 - 2 * LEFT;

export function renderCompliancePdf(r: ComplianceReport): Promise<Buffer> {
  const title = '网络安全等级保护（第三级）应用自查报告';
  const options = {
    size: 'A4' as const,
    margins: { top: 64, bottom: 64, left: LEFT, right: LEFT },
    info: { Title: title, Creator: '协会办公平台' },
  };
  return cjkPdf(options, (doc) => {
    doc.font('cn-bold').fontSize(17).text(title, { align: 'center' });
    doc.moveDown(0.4).font('cn').fontSize(10.5).fillColor('#444');
    doc.text(`单位：${r.association}`, { align: 'center' });
    doc.text(`自查时间：${chinaDateTime(r.checkedAt)}    依据：GB/T 22239-2019 第三级（应用层面）`, { align: 'center' });
    const s = r.summary;
    doc.text(`共 ${r.controls.length} 项：达标 ${s.pass} 项，部分达标 ${s.partial} 项，未达标 ${s.fail} 项`, { align: 'center' });
    doc.fillColor('#000');

    let category = '';
    r.controls.forEach((c, i) => {
      if (doc.y > 700) doc.addPage();
      if (c.category !== category) {
        category = c.category;
        doc.moveDown(0.9).font('cn-bold').fontSize(13).text(category, LEFT);
      }
      doc.moveDown(0.5);
      const top = doc.y;
      doc
        .font('cn-bold')
        .fontSize(11.5)
        .text(`${i + 1}. ${c.title}`, LEFT, top, { width: WIDTH - 70, continued: false });
      doc
        .font('cn-bold')
        .fontSize(11)
        .fillColor(STATE_COLOR[c.state])
        .text(COMPLIANCE_STATE_LABELS[c.state], LEFT + WIDTH - 64, top, { width: 64, align: 'right' })
        .fillColor('#000');
      doc.y = Math.max(doc.y, top + 15);
      doc
        .font('cn')
        .fontSize(9.5)
        .fillColor('#555')
        .text(`条款 ${c.clause}：${c.requirement}`, LEFT + 14, doc.y, { width: WIDTH - 14 });
      doc.fillColor('#000');
      for (const e of c.evidence)
        doc
          .moveDown(0.15)
          .font('cn')
          .fontSize(10)
          .text(`· ${e.label}：${e.value}`, LEFT + 14, doc.y, { width: WIDTH - 14, lineGap: 1 });
    });
    doc.moveDown(1.5).font('cn').fontSize(9).fillColor('#777');
    doc.text('本报告由系统按当前配置与数据库记录自动生成，证据为生成时的设置与计数。', LEFT, doc.y, { width: WIDTH, align: 'center' });
  });
}
