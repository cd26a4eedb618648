import { Button, Card, Input, Table, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { WEEKLY_SECTION_STATUS, type WeeklyDeptStatus, type WeeklySectionStatus } from '@oa/shared/contract/weekly';
import { confirmDialog, isCancelled } from '../../lib/confirm-dialog';
import { notifyError } from '../../lib/notify-error';
import { feedback } from '../../lib/feedback';
import { SECTION_STATUS_COLOR, weeklyApi } from './weekly.api';

/** Who has (not) submitted this week, with a reminder and a return per department (the editor). */
export function WeeklyDeptStatusCard({ periodId, open }: { periodId: string; open: boolean }) {
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['weekly', 'status', periodId], queryFn: () => weeklyApi.status(periodId) });
  const missing = (q.data ?? []).filter((d) => d.status !== 'submitted' && d.status !== 'late');
  const remind = async () => {
    try {
      feedback().message.success(await weeklyApi.remind(periodId));
    } catch (err) {
      notifyError(err);
    }
  };
  const giveBack = async (d: WeeklyDeptStatus) => {
    let reason = '';
    try {
      await confirmDialog(
        <Input.TextArea
          placeholder="退回原因"
          maxLength={200}
          onChange={(e) => {
            reason = e.target.value;
          }}
        />,
        { title: `退回${d.deptName}的周报` },
      );
      await weeklyApi.returnSection({ periodId, deptCode: d.deptCode, reason });
      feedback().message.success('已退回');
      void qc.invalidateQueries({ queryKey: ['weekly'] });
    } catch (err) {
      if (!isCancelled(err)) notifyError(err);
    }
  };
  return (
    <Card
      size="small"
      title={`提交情况（未提交 ${missing.length} 个部门）`}
      data-testid="weekly-dept-status"
      extra={
        open && missing.length ? (
          <Button size="small" onClick={() => void remind()}>
            提醒未提交部门
          </Button>
        ) : null
      }
    >
      <Table<WeeklyDeptStatus>
        size="small"
        rowKey="deptCode"
        pagination={false}
        loading={q.isPending}
        dataSource={q.data ?? []}
        columns={[
          { title: '部门', dataIndex: 'deptName' },
          {
            title: '状态',
            dataIndex: 'status',
            render: (s: string) => <Tag color={SECTION_STATUS_COLOR[s]}>{WEEKLY_SECTION_STATUS[s as WeeklySectionStatus] ?? s}</Tag>,
          },
          { title: '条目', dataIndex: 'itemCount', width: 60 },
          { title: '提交时间', dataIndex: 'submittedAt', render: (v: string | null) => (v ? dayjs(v).format('MM-DD HH:mm') : '—') },
          {
            title: '',
            width: 70,
            render: (_, d) =>
              open && (d.status === 'submitted' || d.status === 'late') ? (
                <Button type="link" size="small" danger onClick={() => void giveBack(d)}>
                  退回
                </Button>
              ) : null,
          },
        ]}
      />
    </Card>
  );
}
