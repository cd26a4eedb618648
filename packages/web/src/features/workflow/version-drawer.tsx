import { useQuery } from '@tanstack/react-query';
import { Drawer, Table, Tag } from 'antd';
import { useNavigate } from 'react-router';
import type { DefinitionSummary } from '@oa/shared/contract/workflow';
import { STATUS_TAGS } from './definition-status';
import { formatTime } from '../../components/instance-status';
import { workflowApi } from './workflow.api';
import { actionLink } from '../../lib/action-link';

/** The versions of one (module, department) process, newest first. */
export function VersionDrawer({ target, onClose }: { target: DefinitionSummary | null; onClose: () => void }) {
  const navigate = useNavigate();
  const versions = useQuery({
    queryKey: ['workflow', 'versions', target?.moduleCode, target?.deptCode],
    queryFn: () => workflowApi.versions(target?.moduleCode as string, target?.deptCode),
    enabled: Boolean(target),
  });
  const go = (path: string) => {
    onClose();
    navigate(path);
  };
  return (
    <Drawer open={Boolean(target)} onClose={onClose} size={640} title={`版本记录：${target?.name ?? ''}`}>
      <Table<DefinitionSummary>
        size="small"
        rowKey="id"
        loading={versions.isLoading}
        pagination={false}
        dataSource={[...(versions.data ?? [])].sort((a, b) => b.version - a.version)}
        columns={[
          { title: '版本', dataIndex: 'version', width: 64, render: (v: number) => `v${v}` },
          {
            title: '状态',
            dataIndex: 'status',
            width: 90,
            render: (s: DefinitionSummary['status']) => <Tag color={STATUS_TAGS[s].color}>{STATUS_TAGS[s].text}</Tag>,
          },
          { title: '发布时间', dataIndex: 'publishedAt', render: formatTime },
          { title: '更新时间', dataIndex: 'updatedAt', render: formatTime },
          {
            title: '操作',
            key: 'op',
            width: 150,
            render: (_: unknown, r) => (
              <>
                <a {...actionLink(() => go(`/configPreview?id=${r.id}`), 'link')}>查看</a>
                <a style={{ marginLeft: 12 }} onClick={() => go(`/workFlow/edit?id=${r.id}`)}>
                  {r.status === 'draft' ? '编辑' : '基于此版本修改'}
                </a>
              </>
            ),
          },
        ]}
      />
    </Drawer>
  );
}
