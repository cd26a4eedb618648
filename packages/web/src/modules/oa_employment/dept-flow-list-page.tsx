import { useState } from 'react';
import { Badge, Card, Table, Tabs } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { employmentModule } from '@oa/shared/modules/employment.module';
import type { TaskItem } from '@oa/shared/contract/workflow';
import { processApi } from '../../engine/process.api';
import { RecordList } from '../../engine/components/record-list';
import { SingleRouteDrawer, type DrawerState } from '../../engine/components/single-route-drawer';
import { fmtTime } from '../../engine/components/record-columns';

/** 部门入离职审批 (/deptFlowList): onboarding and resignation applications awaiting me, and those of my departments. */
export default function DeptFlowListPage() {
  const [drawer, setDrawer] = useState<DrawerState | null>(null);
  const todo = useQuery({ queryKey: ['records', 'oa_employment', 'todo'], queryFn: () => processApi.todo('oa_employment') });
  const pending = (
    <Table<TaskItem>
      rowKey="taskId"
      size="middle"
      loading={todo.isFetching}
      dataSource={todo.data?.list ?? []}
      pagination={false}
      locale={{ emptyText: '暂无待审批的入离职申请' }}
      onRow={(t) => ({ onClick: () => setDrawer({ id: t.recordId, mode: 'view' }), style: { cursor: 'pointer' } })}
      columns={[
        { title: '编号', dataIndex: 'serialNo' },
        { title: '标题', dataIndex: 'title' },
        { title: '申请人', dataIndex: 'initiatorName' },
        { title: '当前环节', dataIndex: 'nodeName' },
        { title: '到达时间', dataIndex: 'createdAt', render: (v: string) => fmtTime(v) },
      ]}
    />
  );
  return (
    <div className="oa-page" data-testid="dept-flow-list">
      <Card variant="borderless">
        <Tabs
          items={[
            {
              key: 'todo',
              label: (
                <Badge count={todo.data?.total ?? 0} offset={[12, 0]} size="small">
                  待我审批
                </Badge>
              ),
              children: pending,
            },
            {
              key: 'dept',
              label: '本部门入离职',
              children: <RecordList m={employmentModule} initialView="mine" onOpen={(id) => setDrawer({ id, mode: 'view' })} />,
            },
          ]}
        />
      </Card>
      <SingleRouteDrawer m={employmentModule} state={drawer} onChange={setDrawer} />
    </div>
  );
}
