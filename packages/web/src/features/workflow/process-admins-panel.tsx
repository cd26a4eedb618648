import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Modal, Select, Table, Tag } from 'antd';
import type { DefinitionSummary } from '@oa/shared/contract/workflow';
import { feedback } from '../../lib/feedback';
import { STATUS_TAGS } from './definition-status';
import { asStart } from './designer/flow-tree';
import { moduleName } from './module-fields';
import { useWorkflowDirectory, workflowApi } from './workflow.api';
import { notifyError } from '../../lib/notify-error';
import { actionLink } from '../../lib/action-link';

/**
 * Process administrators per definition: they receive tasks nobody else can take. Changing them on a
 * published definition saves and publishes the next version (instances keep the version they started with).
 */
export function ProcessAdminsPanel() {
  const queryClient = useQueryClient();
  const directory = useWorkflowDirectory();
  const [editing, setEditing] = useState<{ summary: DefinitionSummary; admins: string[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const list = useQuery({
    queryKey: ['workflow', 'definitions', 'admins'],
    queryFn: () => workflowApi.list({ pageNumber: 1, pageSize: 200, latestOnly: 'Y' }),
  });
  const admins = useQuery({
    queryKey: ['workflow', 'definitions', 'admins', 'details', list.data?.list.map((d) => d.id)],
    queryFn: async () =>
      Object.fromEntries(
        await Promise.all(
          (list.data?.list ?? []).map(async (d) => [d.id, (await workflowApi.detail(d.id)).definition.adminUserCodes] as const),
        ),
      ),
    enabled: Boolean(list.data),
  });
  const nameOf = (c: string) => directory.data?.lookup.users[c]?.userName ?? c;

  const save = async () => {
    if (!editing) return;
    setBusy(true);
    try {
      const d = await workflowApi.detail(editing.summary.id);
      const next = { ...d.definition, root: asStart(d.definition.root), adminUserCodes: editing.admins };
      const saved = await workflowApi.saveDraft(next, d.status === 'draft' ? d.id : undefined);
      if (d.status === 'published') {
        const env = await workflowApi.publish(saved.id);
        if (env.code !== 0) throw new Error(env.message || '发布失败');
      }
      feedback().message.success(d.status === 'published' ? '已更新并发布新版本' : '已保存');
      setEditing(null);
      void queryClient.invalidateQueries({ queryKey: ['workflow'] });
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Table<DefinitionSummary>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        pagination={false}
        columns={[
          { title: '流程名称', dataIndex: 'name' },
          { title: '业务模块', dataIndex: 'moduleCode', render: moduleName },
          { title: '版本', dataIndex: 'version', width: 70, render: (v: number) => `v${v}` },
          {
            title: '状态',
            dataIndex: 'status',
            width: 90,
            render: (s: DefinitionSummary['status']) => <Tag color={STATUS_TAGS[s].color}>{STATUS_TAGS[s].text}</Tag>,
          },
          {
            title: '流程管理员',
            key: 'admins',
            render: (_: unknown, r) => (admins.data?.[r.id] ?? []).map(nameOf).join('、') || <span style={{ color: '#666' }}>未设置</span>,
          },
          {
            title: '操作',
            key: 'op',
            width: 80,
            render: (_: unknown, r) => (
              <a {...actionLink(() => setEditing({ summary: r, admins: [...(admins.data?.[r.id] ?? [])] }))}>设置</a>
            ),
          },
        ]}
      />
      <Modal
        title={`流程管理员：${editing?.summary.name ?? ''}`}
        open={Boolean(editing)}
        onCancel={() => setEditing(null)}
        onOk={() => void save()}
        confirmLoading={busy}
        destroyOnHidden
      >
        <p style={{ color: '#666' }}>审批人为空或审批人离职时，任务转交流程管理员处理。</p>
        <Select
          mode="multiple"
          style={{ width: '100%' }}
          showSearch={{ optionFilterProp: 'label' }}
          value={editing?.admins ?? []}
          onChange={(v: string[]) => editing && setEditing({ ...editing, admins: v })}
          options={(directory.data?.designer.users ?? []).map((u) => ({ value: u.userCode, label: `${u.userName}（${u.userCode}）` }))}
        />
      </Modal>
    </>
  );
}
