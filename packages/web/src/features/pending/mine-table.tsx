import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Select, Space, Table } from 'antd';
import { useNavigate } from 'react-router';
import type { InstanceSummary } from '@oa/shared/contract/workflow';
import { confirmDialog, isCancelled } from '../../lib/confirm-dialog';
import { feedback } from '../../lib/feedback';
import { moduleName, pendingApi, previewPath } from './pending.api';
import { ListFilterBar, StatusTag, type ListFilter } from './pending-shared';
import { INSTANCE_STATUS, formatTime } from '../../components/instance-status';
import { notifyError } from '../../lib/notify-error';
import { useListPager } from '../../lib/list-pager';
import { actionLink } from '../../lib/action-link';

/** 我的申请: my process instances, with withdraw (until someone acted) and urge. */
export function MineTable() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<ListFilter>({});
  const [status, setStatus] = useState<InstanceSummary['status'] | undefined>();
  const { page, reset, pagination } = useListPager();
  const list = useQuery({
    queryKey: ['pending', 'mine', filter, status, page],
    queryFn: () => pendingApi.mine({ ...page, ...filter, status }),
    placeholderData: keepPreviousData,
  });
  const act = async (text: string, run: () => Promise<unknown>, done: string) => {
    try {
      await confirmDialog(text, { onOk: run });
      feedback().message.success(done);
      void queryClient.invalidateQueries({ queryKey: ['pending'] });
    } catch (err) {
      if (!isCancelled(err)) notifyError(err);
    }
  };
  const open = (i: InstanceSummary) => {
    const p = previewPath(i.moduleCode, i.recordId);
    if (p) navigate(p);
  };
  return (
    <>
      <Space wrap>
        <ListFilterBar
          value={filter}
          onChange={(f) => {
            setFilter(f);
            reset();
          }}
        />
        <Select
          allowClear
          placeholder="全部状态"
          aria-label="全部状态"
          style={{ width: 120, marginBottom: 12 }}
          value={status}
          onChange={(s?: InstanceSummary['status']) => {
            setStatus(s);
            reset();
          }}
          options={Object.entries(INSTANCE_STATUS).map(([value, s]) => ({ value, label: s.text }))}
        />
      </Space>
      <Table<InstanceSummary>
        rowKey="instanceId"
        size="middle"
        data-testid="pending-mine"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        pagination={pagination(list.data)}
        columns={[
          { title: '标题', dataIndex: 'title', ellipsis: true, render: (v: string, i) => <a {...actionLink(() => open(i))}>{v}</a> },
          { title: '编号', dataIndex: 'serialNo', width: 130 },
          { title: '业务', dataIndex: 'moduleCode', width: 100, render: moduleName },
          { title: '状态', dataIndex: 'status', width: 90, render: (s: InstanceSummary['status']) => <StatusTag status={s} /> },
          {
            title: '当前节点',
            key: 'node',
            width: 130,
            render: (_: unknown, i) => i.currentNodes.map((n) => n.nodeName).join('、') || '—',
          },
          { title: '当前审批人', key: 'who', width: 130, render: (_: unknown, i) => i.approvers.map((u) => u.userName).join('、') || '—' },
          { title: '提交时间', dataIndex: 'startedAt', width: 150, render: formatTime },
          {
            title: '操作',
            key: 'op',
            width: 130,
            render: (_: unknown, i) => (
              <Space size={10}>
                <a {...actionLink(() => open(i))}>查看</a>
                {i.canWithdraw && (
                  <a {...actionLink(() => void act('撤回后可修改再提交，确定撤回吗？', () => pendingApi.withdraw(i.instanceId), '已撤回'))}>
                    撤回
                  </a>
                )}
                {i.status === 'running' && (
                  <a
                    onClick={() =>
                      void act(
                        `催办将提醒当前审批人${i.approvers.map((u) => u.userName).join('、')}，确定催办吗？`,
                        () => pendingApi.urge(i.instanceId),
                        '已催办',
                      )
                    }
                  >
                    催办
                  </a>
                )}
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}
