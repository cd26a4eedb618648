import dayjs from 'dayjs';
import { STATUS_LABELS, type AnyModule, type RecordStatus, formTitle } from '@oa/shared/modules/define-module';
import type { RecordDetail } from '@oa/shared/contract/records';
import type { InstanceView } from '@oa/shared/contract/workflow';
import { FieldDisplay } from '../fields/field-display';
import { timelineEntries } from './approval-timeline';
import { fmtTime } from './record-columns';
import { visibleFields } from './record-view';

/** A clean A4 approval sheet: the form and its approval history. Hidden on screen, the only thing printed. */
export function PrintSheet({
  m,
  record,
  view,
  hidden,
}: {
  m: AnyModule;
  record: RecordDetail;
  view: InstanceView | null;
  hidden?: ReadonlySet<string>;
}) {
  const fields = visibleFields(m, record, hidden);
  const entries = timelineEntries(view, record.logs);
  const title = formTitle(m, record.variant);
  return (
    <div className="oa-print-sheet" data-testid="print-sheet">
      <h1>{title}审批单</h1>
      <div className="oa-print-meta">
        <span>编号：{record.serialNo ?? '—'}</span>
        <span>状态：{STATUS_LABELS[record.status as RecordStatus] ?? record.status}</span>
        <span>打印时间：{dayjs().format('YYYY-MM-DD HH:mm')}</span>
      </div>
      <table>
        <tbody>
          <tr>
            <th>申请人</th>
            <td>{record.applicantName}</td>
            <th>申请部门</th>
            <td>{record.deptName ?? ''}</td>
          </tr>
          <tr>
            <th>提交时间</th>
            <td colSpan={3}>{fmtTime(record.submittedAt)}</td>
          </tr>
          {fields.map(([name, f]) => (
            <tr key={name}>
              <th>{f.label}</th>
              <td colSpan={3}>
                <FieldDisplay field={f} value={record.data[name]} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>审批记录</h2>
      <table>
        <thead>
          <tr>
            <th>环节</th>
            <th>处理人</th>
            <th>操作</th>
            <th>意见</th>
            <th>时间</th>
          </tr>
        </thead>
        <tbody>
          {entries.length ? (
            entries.map((e) => (
              <tr key={e.key}>
                <td>{e.node ?? ''}</td>
                <td>{e.who}</td>
                <td>{e.action}</td>
                <td>{e.comment ?? ''}</td>
                <td>{fmtTime(e.at)}</td>
              </tr>
            ))
          ) : (
            <tr>
              <td colSpan={5}>暂无审批记录</td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
