import { Drawer, Select, Space, Spin, Switch, Table, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { SalaryRow } from '@oa/shared/contract/salary';
import { usePeople } from '../../engine/use-module';
import { notifyError } from '../../lib/notify-error';
import { feedback } from '../../lib/feedback';
import { salaryApi } from './salary.api';

/** A batch's rows: items, match state (fix by hand), read and confirmed per person, the zero-item setting. */
export function SalaryBatchDrawer({ id, onClose, onChanged }: { id: string; onClose: () => void; onChanged: () => void }) {
  const qc = useQueryClient();
  const { users } = usePeople();
  const q = useQuery({ queryKey: ['salary', 'batch', id], queryFn: () => salaryApi.batch(id) });
  const run = async (fn: () => Promise<unknown>, msg: string) => {
    try {
      await fn();
      feedback().message.success(msg);
      await qc.invalidateQueries({ queryKey: ['salary'] });
      onChanged();
    } catch (err) {
      notifyError(err);
    }
  };
  const d = q.data;
  return (
    <Drawer
      open
      width="80%"
      title={d ? `${d.batch.title}（${d.batch.rowCount} 人）` : '工资批次'}
      onClose={onClose}
      extra={
        d ? (
          <Space>
            值为 0 的项目对员工隐藏
            <Switch checked={d.batch.hideZero === 'Y'} onChange={(v) => void run(() => salaryApi.setting(id, v ? 'Y' : 'N'), '已保存')} />
          </Space>
        ) : null
      }
    >
      {!d ? (
        <Spin />
      ) : (
        <Table<SalaryRow>
          rowKey="id"
          size="small"
          dataSource={d.rows}
          pagination={false}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: '行', dataIndex: 'rowNo', width: 50, fixed: 'left' },
            { title: '姓名', dataIndex: 'userName', width: 90, fixed: 'left' },
            {
              title: '匹配',
              width: 240,
              render: (_, r) =>
                r.matched ? (
                  <Tag color="green">{r.userCode}</Tag>
                ) : (
                  <Space direction="vertical" size={2}>
                    <Tag color="red">{r.matchInfo}</Tag>
                    {d.batch.status !== 'sent' ? (
                      <Select
                        showSearch
                        size="small"
                        style={{ width: 220 }}
                        placeholder="手工匹配人员"
                        aria-label="手工匹配人员"
                        optionFilterProp="label"
                        options={users.map((u) => ({
                          value: u.userCode,
                          label: `${u.userName}（${u.userCode}${u.deptName ? ` · ${u.deptName}` : ''}）`,
                        }))}
                        onChange={(v: string) => void run(() => salaryApi.match(r.id, v), '已匹配')}
                      />
                    ) : null}
                  </Space>
                ),
            },
            { title: '部门', dataIndex: 'deptName', width: 100, render: (v: string | null) => v ?? '—' },
            { title: '银行卡号', dataIndex: 'bankCard', width: 190, render: (v: string | null) => v ?? '—' },
            ...d.batch.items.map((name) => ({
              title: name,
              key: name,
              width: 100,
              render: (_: unknown, r: SalaryRow) => r.items.find((i) => i.name === name)?.value ?? '',
            })),
            {
              title: '查看',
              dataIndex: 'readAt',
              width: 110,
              render: (v: string | null) => (v ? dayjs(v).format('MM-DD HH:mm') : <Tag>未查看</Tag>),
            },
            {
              title: '确认',
              dataIndex: 'confirmedAt',
              width: 110,
              render: (v: string | null) => (v ? dayjs(v).format('MM-DD HH:mm') : <Tag>未确认</Tag>),
            },
            { title: '反馈', dataIndex: 'feedback', width: 200, render: (v: string | null) => v ?? '—' },
          ]}
        />
      )}
    </Drawer>
  );
}
