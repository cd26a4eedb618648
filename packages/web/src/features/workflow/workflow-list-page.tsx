import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Modal, Select, Space, Table, Tag } from 'antd';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { DefinitionStatus, DefinitionSummary } from '@oa/shared/contract/workflow';
import { confirmDialog, isCancelled } from '../../lib/confirm-dialog';
import { feedback } from '../../lib/feedback';
import { STATUS_TAGS } from './definition-status';
import { formatTime } from '../../components/instance-status';
import { APPROVAL_MODULES, moduleName } from './module-fields';
import { VersionDrawer } from './version-drawer';
import { useWorkflowDirectory, workflowApi } from './workflow.api';
import { notifyError } from '../../lib/notify-error';
import { actionLink } from '../../lib/action-link';

/** /workFlow — process definitions per business module: create, copy, delete drafts, publish, versions. */
export default function WorkflowListPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const directory = useWorkflowDirectory();
  const [filters, setFilters] = useState<{ moduleCode?: string; status?: DefinitionStatus; keyword?: string }>({});
  const [page, setPage] = useState({ pageNumber: 1, pageSize: 10 });
  const [versionsOf, setVersionsOf] = useState<DefinitionSummary | null>(null);
  const [creating, setCreating] = useState(false);
  const [newModule, setNewModule] = useState<string | undefined>();

  const list = useQuery({
    queryKey: ['workflow', 'definitions', filters, page],
    queryFn: () => workflowApi.list({ ...page, ...filters, latestOnly: 'Y' }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['workflow'] });
  const deptName = (code: string | null) => (code ? (directory.data?.lookup.depts[code]?.deptName ?? code) : '全部部门');

  const run = async (text: string, action: () => Promise<unknown>, done: string) => {
    try {
      await confirmDialog(text, { onOk: action });
      feedback().message.success(done);
      refresh();
    } catch (err) {
      if (!isCancelled(err)) notifyError(err);
    }
  };

  const publish = (r: DefinitionSummary) =>
    run(
      `确定发布「${r.name}」v${r.version} 吗？`,
      async () => {
        const env = await workflowApi.publish(r.id);
        if (env.code !== 0) {
          const problems = (env.data as { problems?: Array<{ message: string }> } | null)?.problems ?? [];
          throw new Error([env.message, ...problems.map((p) => p.message)].filter(Boolean).join('；'));
        }
      },
      '流程已发布',
    );

  return (
    <div className="oa-page" data-testid="workflow-list-page">
      <Card size="small" style={{ marginBottom: 12 }}>
        <Space wrap>
          <Form.Item label="搜索" style={{ marginBottom: 0 }}>
            <Input.Search
              data-testid="wf-search"
              allowClear
              style={{ width: 240 }}
              placeholder="流程名称或业务模块"
              aria-label="流程名称或业务模块"
              onSearch={(v) => {
                setFilters({ ...filters, keyword: v.trim() || undefined });
                setPage({ ...page, pageNumber: 1 });
              }}
            />
          </Form.Item>
          <Form.Item label="业务模块" style={{ marginBottom: 0 }}>
            <Select
              aria-label="业务模块"
              data-testid="wf-filter-module"
              allowClear
              style={{ width: 180 }}
              placeholder="全部"
              options={APPROVAL_MODULES}
              value={filters.moduleCode}
              onChange={(moduleCode?: string) => {
                setFilters({ ...filters, moduleCode });
                setPage({ ...page, pageNumber: 1 });
              }}
            />
          </Form.Item>
          <Form.Item label="状态" style={{ marginBottom: 0 }}>
            <Select
              aria-label="状态"
              allowClear
              style={{ width: 120 }}
              placeholder="全部"
              options={(Object.keys(STATUS_TAGS) as DefinitionStatus[]).map((s) => ({ value: s, label: STATUS_TAGS[s].text }))}
              value={filters.status}
              onChange={(status?: DefinitionStatus) => {
                setFilters({ ...filters, status });
                setPage({ ...page, pageNumber: 1 });
              }}
            />
          </Form.Item>
          <Button icon={<ReloadOutlined />} onClick={refresh}>
            刷新
          </Button>
          <Button type="primary" icon={<PlusOutlined />} data-testid="wf-create" onClick={() => setCreating(true)}>
            新建流程
          </Button>
        </Space>
      </Card>
      <Table<DefinitionSummary>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        locale={{
          emptyText: filters.keyword
            ? `没有名称或业务模块包含「${filters.keyword}」的流程`
            : '暂无流程，点击"新建流程"为业务模块设计审批流程',
        }}
        pagination={{
          current: page.pageNumber,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (t) => `共 ${t} 条`,
          onChange: (pageNumber, pageSize) => setPage({ pageNumber, pageSize }),
        }}
        columns={[
          {
            title: '流程名称',
            dataIndex: 'name',
            render: (v: string, r) => <a {...actionLink(() => navigate(`/configPreview?id=${r.id}`), 'link')}>{v}</a>,
          },
          { title: '业务模块', dataIndex: 'moduleCode', render: moduleName },
          { title: '适用部门', dataIndex: 'deptCode', render: deptName },
          { title: '版本', dataIndex: 'version', width: 70, render: (v: number) => `v${v}` },
          {
            title: '状态',
            dataIndex: 'status',
            width: 90,
            render: (s: DefinitionStatus) => <Tag color={STATUS_TAGS[s].color}>{STATUS_TAGS[s].text}</Tag>,
          },
          { title: '发布时间', dataIndex: 'publishedAt', width: 150, render: formatTime },
          { title: '更新时间', dataIndex: 'updatedAt', width: 150, render: formatTime },
          {
            title: '操作',
            key: 'op',
            width: 300,
            render: (_: unknown, r) => (
              <Space size={12} wrap>
                <a {...actionLink(() => navigate(`/workFlow/edit?id=${r.id}`), 'link')}>设计</a>
                {r.status === 'draft' && (
                  <a data-testid="wf-row-publish" onClick={() => void publish(r)}>
                    发布
                  </a>
                )}
                <a {...actionLink(() => navigate(`/workflow/jsxPreview?id=${r.id}`), 'link')}>模拟</a>
                <a {...actionLink(() => navigate(`/workFlow/edit?copyFrom=${r.id}`), 'link')}>复制</a>
                <a {...actionLink(() => setVersionsOf(r))}>版本记录</a>
                {r.status === 'draft' && (
                  <a
                    style={{ color: 'var(--ant-color-error)' }}
                    onClick={() => void run(`确定删除草稿「${r.name}」v${r.version} 吗？`, () => workflowApi.remove(r.id), '草稿已删除')}
                  >
                    删除
                  </a>
                )}
              </Space>
            ),
          },
        ]}
      />
      <VersionDrawer target={versionsOf} onClose={() => setVersionsOf(null)} />
      <Modal
        title="新建流程"
        open={creating}
        okButtonProps={{ disabled: !newModule }}
        onCancel={() => setCreating(false)}
        onOk={() => {
          setCreating(false);
          navigate(`/workFlow/edit?moduleCode=${newModule}`);
        }}
      >
        <Form layout="vertical">
          <Form.Item label="业务模块" required extra="每个业务模块（可按部门）绑定一个流程；同一模块再次新建将生成新版本。">
            <Select
              aria-label="业务模块"
              data-testid="wf-create-module"
              placeholder="选择业务模块"
              options={APPROVAL_MODULES}
              value={newModule}
              onChange={setNewModule}
            />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
