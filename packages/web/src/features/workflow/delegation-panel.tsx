import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, Modal, Select, Space, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import type { DelegationItem } from '@oa/shared/contract/workflow';
import { confirmDialog, isCancelled } from '../../lib/confirm-dialog';
import { feedback } from '../../lib/feedback';
import { formatTime } from '../../components/instance-status';
import { APPROVAL_MODULES, moduleName } from './module-fields';
import { delegationApi, useWorkflowDirectory } from './workflow.api';
import { notifyError } from '../../lib/notify-error';

interface DelegationForm {
  userCode: string;
  deputyCode: string;
  moduleCode?: string;
  range: [Dayjs, Dayjs];
  reason?: string;
}

function stateOf(d: DelegationItem): { color: string; text: string } {
  const today = dayjs().format('YYYY-MM-DD');
  if (!d.enabled) return { color: 'default', text: '已取消' };
  if (d.endDate < today) return { color: 'default', text: '已结束' };
  if (d.startDate > today) return { color: 'blue', text: '未开始' };
  return { color: 'green', text: '生效中' };
}

/** Delegation: a user hands their approval tasks to a deputy for a date range, optionally per module. */
export function DelegationPanel() {
  const queryClient = useQueryClient();
  const directory = useWorkflowDirectory();
  const [page, setPage] = useState({ pageNumber: 1, pageSize: 10 });
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<DelegationForm>();
  const list = useQuery({
    queryKey: ['workflow', 'delegations', page],
    queryFn: () => delegationApi.list(page),
    placeholderData: keepPreviousData,
  });
  const users = (directory.data?.designer.users ?? []).map((u) => ({
    value: u.userCode,
    label: `${u.userName}（${u.userCode}${u.deptName ? ` · ${u.deptName}` : ''}）`,
  }));
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['workflow', 'delegations'] });

  const save = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    if (v.userCode === v.deputyCode) {
      form.setFields([{ name: 'deputyCode', errors: ['代理人不能是委托人本人'] }]);
      return;
    }
    setBusy(true);
    try {
      await delegationApi.save({
        userCode: v.userCode,
        deputyCode: v.deputyCode,
        moduleCode: v.moduleCode ?? null,
        startDate: v.range[0].format('YYYY-MM-DD'),
        endDate: v.range[1].format('YYYY-MM-DD'),
        reason: v.reason?.trim() || undefined,
        enabled: true,
      });
      feedback().message.success('委托已创建');
      setOpen(false);
      refresh();
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };

  const cancel = async (d: DelegationItem) => {
    try {
      await confirmDialog(`确定取消 ${d.userName} 委托给 ${d.deputyName} 的审批代理吗？`, { onOk: () => delegationApi.cancel(d) });
      feedback().message.success('委托已取消');
      refresh();
    } catch (err) {
      if (!isCancelled(err)) notifyError(err);
    }
  };

  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => {
            form.resetFields();
            setOpen(true);
          }}
          data-testid="delegation-create"
        >
          新建委托
        </Button>
      </Space>
      <Table<DelegationItem>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        pagination={{
          current: page.pageNumber,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          onChange: (pageNumber, pageSize) => setPage({ pageNumber, pageSize }),
        }}
        columns={[
          { title: '委托人', dataIndex: 'userName' },
          { title: '代理人', dataIndex: 'deputyName' },
          { title: '业务范围', dataIndex: 'moduleCode', render: (m: string | null) => (m ? moduleName(m) : '全部业务') },
          { title: '起止日期', key: 'range', render: (_: unknown, d) => `${d.startDate} 至 ${d.endDate}` },
          { title: '事由', dataIndex: 'reason', render: (v: string | null) => v ?? '—' },
          {
            title: '状态',
            key: 'state',
            width: 90,
            render: (_: unknown, d) => {
              const s = stateOf(d);
              return <Tag color={s.color}>{s.text}</Tag>;
            },
          },
          { title: '创建时间', dataIndex: 'createdAt', width: 150, render: formatTime },
          {
            title: '操作',
            key: 'op',
            width: 80,
            render: (_: unknown, d) =>
              d.enabled && d.endDate >= dayjs().format('YYYY-MM-DD') ? (
                <a style={{ color: 'var(--ant-color-error)' }} onClick={() => void cancel(d)}>
                  取消
                </a>
              ) : null,
          },
        ]}
      />
      <Modal title="新建委托" open={open} onCancel={() => setOpen(false)} onOk={() => void save()} confirmLoading={busy} destroyOnHidden>
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="userCode" label="委托人" rules={[{ required: true, message: '请选择委托人' }]}>
            <Select showSearch={{ optionFilterProp: 'label' }} options={users} placeholder="将其审批任务交出的人" />
          </Form.Item>
          <Form.Item name="deputyCode" label="代理人" rules={[{ required: true, message: '请选择代理人' }]}>
            <Select showSearch={{ optionFilterProp: 'label' }} options={users} placeholder="代为审批的人" />
          </Form.Item>
          <Form.Item name="moduleCode" label="业务范围" extra="不选择则代理全部业务的审批">
            <Select allowClear options={APPROVAL_MODULES} placeholder="全部业务" />
          </Form.Item>
          <Form.Item name="range" label="起止日期" rules={[{ required: true, message: '请选择起止日期' }]}>
            <DatePicker.RangePicker style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="reason" label="事由">
            <Input maxLength={200} placeholder="如：出差、休假" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
