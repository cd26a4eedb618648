import type { ReactNode } from 'react';
import dayjs from 'dayjs';
import { formatMoney } from '@oa/shared/format/money';
import { columnLabel, type AnyModule } from '@oa/shared/modules/define-module';
import type { RecordItem } from '@oa/shared/contract/records';
import { displayText } from '../fields/field-display';
import { StatusTag } from './status-tag';

export const fmtTime = (iso: string | null): string => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '');

type Names = { userName: (c: string) => string; deptName: (c: string) => string };

/** A list cell of a field or a common column. */
function cellOf(m: AnyModule, key: string, r: RecordItem, names: Names): ReactNode {
  switch (key) {
    case 'serialNo':
      return r.serialNo ?? <span style={{ color: '#666' }}>（未编号）</span>;
    case 'title':
      return r.title;
    case 'status':
      return <StatusTag status={r.status} />;
    case 'applicant':
      return r.applicantName;
    case 'dept':
      return r.deptName ?? '';
    case 'amount':
      return r.amount === null ? '' : formatMoney(r.amount);
    case 'createdAt':
      return fmtTime(r.createdAt);
    case 'submittedAt':
      return fmtTime(r.submittedAt);
  }
  const f = m.fields[key];
  return f ? displayText(f, r.data[key], names) : '';
}

export function tableColumns(m: AnyModule, names: Names) {
  return m.list.columns.map((key) => ({
    key,
    title: columnLabel(m, key),
    ellipsis: key !== 'status',
    width: key === 'status' ? 90 : key === 'serialNo' ? 130 : undefined,
    render: (_: unknown, r: RecordItem) => cellOf(m, key, r, names),
  }));
}
