import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { formatMoney } from '@oa/shared/format/money';
import { CONTRACT_STATUS_LABELS, SUBJECT_STATUS_COLORS, SUBJECT_STATUS_LABELS, type SubjectItem } from '@oa/shared/contract/subjects';

export const StatusTag = ({ status }: { status: SubjectItem['status'] }) => (
  <Tag color={SUBJECT_STATUS_COLORS[status]}>{SUBJECT_STATUS_LABELS[status]}</Tag>
);
export const money = (v: number | null | undefined) => (v === null || v === undefined ? '—' : formatMoney(v));

/** The columns every subject list shows. */
export const subjectColumns = <T extends SubjectItem = SubjectItem>(): ColumnsType<T> =>
  [
    { title: '课题编号', dataIndex: 'code', width: 120, render: (v: string | null) => v ?? '—' },
    { title: '课题名称', dataIndex: 'name', ellipsis: true },
    { title: '批次', dataIndex: 'batchName', ellipsis: true },
    { title: '承担单位', dataIndex: 'orgName', ellipsis: true },
    { title: '负责人', dataIndex: 'leaderName', width: 90 },
    { title: '经费（元）', dataIndex: 'budget', width: 120, align: 'right', render: money },
    { title: '状态', dataIndex: 'status', width: 110, render: (v: SubjectItem['status']) => <StatusTag status={v} /> },
    { title: '合同', dataIndex: 'contractStatus', width: 100, render: (v: SubjectItem['contractStatus']) => CONTRACT_STATUS_LABELS[v] },
    { title: '更新时间', dataIndex: 'updatedAt', width: 140, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
  ] as ColumnsType<T>;
