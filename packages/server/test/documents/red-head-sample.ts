import type { RedHeadModel } from '../../src/features/documents/render-model';

/** A red-header document with one short paragraph; `o` replaces what a test is about. */
export const redHeadSample = (o: Partial<RedHeadModel> = {}): RedHeadModel => ({
  copyNo: null,
  secret: null,
  urgency: null,
  banner: '中国行业协会文件',
  docNo: '中协〔2026〕12号',
  signerName: null,
  title: '关于召开年终总结会的通知',
  mainTo: '各部门',
  body: [{ text: '正文。', level: 0 }],
  attachments: [],
  signature: '中国行业协会',
  date: '2026年11月24日',
  cc: '各理事单位',
  printOrg: '中国行业协会办公室',
  printDate: '2026年11月24日印发',
  ...o,
});

/** The title that greedy breaking leaves with one character alone on its last line. */
export const LONG_TITLE = '关于召开二〇二六年度协会秘书处全体工作人员年终工作总结暨表彰大会的通知';
