import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, DatePicker, Form, Input, Select, Space, Table, Tag } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { Dayjs } from 'dayjs';
import type { InstanceSummary } from '@oa/shared/contract/workflow';
import { formatTime } from '../../components/instance-status';
import { APPROVAL_MODULES, moduleName, previewPath } from './module-fields';
import { processAdminApi, useWorkflowDirectory, type InstanceListParams } from './workflow.api';
import { InstanceActionDialog } from './instance-actions';
import { InstanceDiagramDrawer } from './instance-diagram-drawer';
import { durationText } from '@oa/shared/format/duration';
import { INSTANCE_STATUS } from '../../components/instance-status';
import { useListPager } from '../../lib/list-pager';
import { actionLink } from '../../lib/action-link';

type Filters = Omit<InstanceListParams, 'pageNumber' | 'pageSize' | 'after'>;
interface FilterForm {
  initiator?: string;
  moduleCode?: string;
  status?: InstanceSummary['status'];
  keyword?: string;
  range?: [Dayjs, Dayjs] | null;
}

/** /workflow/ProcessList — every process instance: state, current node, approvers, duration; reassign, terminate. */
export default function ProcessListPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FilterForm>();
  const directory = useWorkflowDirectory();
  const [filters, setFilters] = useState<Filters>({});
  const { page, reset, pagination } = useListPager();
  const [action, setAction] = useState<{ kind: 'reassign' | 'terminate'; instance: InstanceSummary } | null>(null);
  const [diagram, setDiagram] = useState<InstanceSummary | null>(null);
  const list = useQuery({
    queryKey: ['workflow', 'instances', filters, page],
    queryFn: () => processAdminApi.instances({ ...filters, ...page }),
    placeholderData: keepPreviousData,
  });

  const search = (v: FilterForm) => {
    setFilters({
      moduleCode: v.moduleCode,
      initiator: v.initiator,
      status: v.status,
      keyword: v.keyword?.trim() || undefined,
      startedFrom: v.range?.[0]?.format('YYYY-MM-DD'),
      startedTo: v.range?.[1]?.format('YYYY-MM-DD'),
    });
    reset();
  };

  return (
    <div className="oa-page" data-testid="process-list-page">
      <Card size="small" style={{ marginBottom: 12 }}>
        <Form form={form} layout="inline" onFinish={search} style={{ rowGap: 8 }}>
          <Form.Item name="keyword" label="关键字">
            <Input allowClear placeholder="标题 / 编号" style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="initiator" label="发起人">
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="全部"
              style={{ width: 140 }}
              options={(directory.data?.designer.users ?? []).map((u) => ({ value: u.userCode, label: u.userName }))}
            />
          </Form.Item>
          <Form.Item name="moduleCode" label="业务模块">
            <Select allowClear placeholder="全部" options={APPROVAL_MODULES} style={{ width: 150 }} />
          </Form.Item>
          <Form.Item name="status" label="状态">
            <Select
              allowClear
              placeholder="全部"
              style={{ width: 110 }}
              options={Object.entries(INSTANCE_STATUS).map(([value, s]) => ({ value, label: s.text }))}
            />
          </Form.Item>
          <Form.Item name="range" label="发起日期">
            <DatePicker.RangePicker />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />}>
              查询
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                search({});
              }}
            >
              重置
            </Button>
            <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()} />
          </Space>
        </Form>
      </Card>
      <Table<InstanceSummary>
        rowKey="instanceId"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        scroll={{ x: 1450 }}
        pagination={pagination(list.data)}
        columns={[
          { title: '编号', dataIndex: 'serialNo', width: 130 },
          { title: '标题', dataIndex: 'title', ellipsis: true, width: 280 },
          { title: '业务模块', dataIndex: 'moduleCode', width: 110, render: moduleName },
          { title: '发起人', dataIndex: 'initiatorName', width: 90 },
          {
            title: '状态',
            dataIndex: 'status',
            width: 90,
            render: (s: InstanceSummary['status']) => <Tag color={INSTANCE_STATUS[s].color}>{INSTANCE_STATUS[s].text}</Tag>,
          },
          {
            title: '当前节点',
            key: 'nodes',
            width: 140,
            render: (_: unknown, r) => r.currentNodes.map((n) => n.nodeName).join('、') || '—',
          },
          {
            title: '审批人',
            key: 'approvers',
            width: 140,
            render: (_: unknown, r) => r.approvers.map((u) => u.userName).join('、') || '—',
          },
          { title: '发起时间', dataIndex: 'startedAt', width: 140, render: formatTime },
          { title: '耗时', dataIndex: 'durationMs', width: 100, render: durationText },
          {
            title: '操作',
            key: 'op',
            fixed: 'right',
            width: 200,
            render: (_: unknown, r) => (
              <Space size={10}>
                <a
                  onClick={() => {
                    const p = previewPath(r.moduleCode, r.recordId);
                    if (p) navigate(p);
                  }}
                >
                  查看
                </a>
                <a {...actionLink(() => setDiagram(r))}>流程图</a>
                {r.status === 'running' && <a {...actionLink(() => setAction({ kind: 'reassign', instance: r }))}>转办</a>}
                {r.status === 'running' && (
                  <a style={{ color: 'var(--ant-color-error)' }} onClick={() => setAction({ kind: 'terminate', instance: r })}>
                    终止
                  </a>
                )}
              </Space>
            ),
          },
        ]}
      />
      <InstanceActionDialog
        target={action}
        onClose={() => setAction(null)}
        onDone={() => void queryClient.invalidateQueries({ queryKey: ['workflow'] })}
      />
      <InstanceDiagramDrawer instance={diagram} onClose={() => setDiagram(null)} />
    </div>
  );
}
