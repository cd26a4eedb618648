import { useState } from 'react';
import { Alert, Button, Descriptions, Input, Modal, Space, Spin, Table, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { MySalarySlip } from '@oa/shared/contract/salary';
import { notifyError } from '../../lib/notify-error';
import { feedback } from '../../lib/feedback';
import { useListPager } from '../../lib/list-pager';
import { salaryApi } from './salary.api';
import { SalaryVerify } from './salary-verify';
import { SlipStateTag } from './slip-state-tag';

/** The person's own slips: verify, list by month, view one, confirm or send feedback. */
export function SalaryMine() {
  const qc = useQueryClient();
  const grant = useQuery({ queryKey: ['salary', 'grant'], queryFn: salaryApi.grant });
  const verified = !!grant.data?.verified;
  const { page, pagination } = useListPager(12);
  const list = useQuery({ queryKey: ['salary', 'mine', page], queryFn: () => salaryApi.mine(page), enabled: verified });
  const [openId, setOpenId] = useState<string | null>(null);
  const slip = useQuery({ queryKey: ['salary', 'slip', openId], queryFn: () => salaryApi.slip(openId!), enabled: !!openId && verified });
  const [note, setNote] = useState('');
  const reload = () => void qc.invalidateQueries({ queryKey: ['salary'] });
  if (grant.isPending) return <Spin />;
  if (!verified) return <SalaryVerify onVerified={reload} />;
  const act = async (fn: () => Promise<unknown>, msg: string) => {
    try {
      await fn();
      feedback().message.success(msg);
      reload();
    } catch (err) {
      notifyError(err);
    }
  };
  const s = slip.data;
  return (
    <div data-testid="salary-mine">
      <Alert
        type="success"
        showIcon
        style={{ marginBottom: 12 }}
        message={`身份已验证，有效至 ${dayjs(grant.data!.expiresAt).format('HH:mm')}`}
      />
      <Table<MySalarySlip>
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data?.list ?? []}
        pagination={pagination(list.data)}
        columns={[
          { title: '月份', dataIndex: 'month', width: 100 },
          { title: '工资条', dataIndex: 'title' },
          {
            title: '状态',
            width: 160,
            render: (_, r) => <SlipStateTag s={r} />,
          },
          { title: '反馈', dataIndex: 'feedback', ellipsis: true, render: (v: string | null) => v ?? '—' },
          {
            title: '操作',
            width: 90,
            render: (_, r) => (
              <Button
                type="link"
                size="small"
                onClick={() => {
                  setNote('');
                  setOpenId(r.id);
                }}
              >
                查看
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={!!openId}
        title={s?.title ?? '工资条'}
        width={560}
        onCancel={() => setOpenId(null)}
        footer={
          s ? (
            <Space>
              {s.confirmedAt ? (
                <Tag color="green">已于 {dayjs(s.confirmedAt).format('MM-DD HH:mm')} 确认</Tag>
              ) : (
                <Button type="primary" onClick={() => void act(() => salaryApi.confirm(s.id), '已确认')}>
                  确认无误
                </Button>
              )}
              <Button onClick={() => setOpenId(null)}>关闭</Button>
            </Space>
          ) : null
        }
      >
        {!s ? (
          <Spin />
        ) : (
          <div data-testid="salary-slip">
            <Descriptions
              size="small"
              column={2}
              bordered
              style={{ marginBottom: 12 }}
              items={[
                { key: 'n', label: '姓名', children: s.userName },
                { key: 'c', label: '银行卡号', children: s.bankCard ?? '—' },
              ]}
            />
            <Descriptions
              size="small"
              column={1}
              bordered
              items={s.items.map((i) => ({
                key: i.name,
                label: i.name,
                children: <Typography.Text strong={/实发|合计/.test(i.name)}>{i.value}</Typography.Text>,
              }))}
            />
            <div style={{ marginTop: 12 }}>
              {s.feedback ? <Alert type="info" message={`我的反馈：${s.feedback}`} style={{ marginBottom: 8 }} /> : null}
              <Space.Compact style={{ width: '100%' }}>
                <Input
                  placeholder="对工资条有疑问？在此反馈给财务"
                  maxLength={500}
                  value={note}
                  onChange={(e) => setNote(e.target.value)}
                />
                <Button
                  disabled={!note.trim()}
                  onClick={() => void act(() => salaryApi.feedback(s.id, note.trim()), '反馈已提交').then(() => setNote(''))}
                >
                  提交反馈
                </Button>
              </Space.Compact>
            </div>
          </div>
        )}
      </Modal>
    </div>
  );
}
