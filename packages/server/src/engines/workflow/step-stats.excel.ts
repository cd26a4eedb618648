import type { StepStatsResult } from '@oa/shared/contract/workflow-stats';
import { durationText } from '@oa/shared/format/duration';
import { exceljs } from '../../lib/heavy-libs';

/** The step statistics of one process as a workbook: 各步骤, 按月, 按部门 (durations as people read them). */
export async function stepStatsWorkbook(s: StepStatsResult, range: string): Promise<Buffer> {
  const wb = new (exceljs().Workbook)();
  const d = (ms: number | null) => (ms == null ? '—' : durationText(ms));
  const sheet = (name: string, headers: Array<[string, number]>, rows: Array<Array<string | number>>) => {
    const ws = wb.addWorksheet(name);
    ws.addRow([`${s.processName}  ${range}`]).font = { bold: true, size: 13 };
    ws.addRow(headers.map(([h]) => h)).font = { bold: true };
    headers.forEach(([, w], i) => (ws.getColumn(i + 1).width = w));
    rows.forEach((r) => ws.addRow(r));
  };
  sheet(
    '各步骤',
    [
      ['步骤', 18],
      ['次数', 8],
      ['中位用时', 12],
      ['90%用时', 12],
      ['平均用时', 12],
      ['督办时限（小时）', 16],
      ['当前超时', 10],
      ['最慢的人', 40],
    ],
    s.steps.map((x) => [
      x.nodeName,
      x.count,
      d(x.medianMs),
      d(x.p90Ms),
      d(x.avgMs),
      x.limitHours ?? '不限',
      x.overdueNow,
      x.slowest.map((p) => `${p.userName}（${d(p.medianMs)}，${p.count} 次）`).join('；'),
    ]),
  );
  const rest = (label: string): Array<[string, number]> => [
    [label, 16],
    ['次数', 8],
    ['中位用时', 12],
    ['90%用时', 12],
    ['平均用时', 12],
  ];
  sheet(
    '按月',
    rest('月份'),
    s.byMonth.map((x) => [x.month, x.count, d(x.medianMs), d(x.p90Ms), d(x.avgMs)]),
  );
  sheet(
    '按部门',
    rest('部门'),
    s.byDept.map((x) => [x.deptName, x.count, d(x.medianMs), d(x.p90Ms), d(x.avgMs)]),
  );
  return Buffer.from(await wb.xlsx.writeBuffer());
}
