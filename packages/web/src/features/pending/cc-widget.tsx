import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Card, Empty, List } from 'antd';
import { useNavigate } from 'react-router';
import type { CcItem } from '@oa/shared/contract/workflow';
import { moduleName, pendingApi, previewPath } from './pending.api';
import { formatTime } from '../../components/instance-status';
import { actionLink } from '../../lib/action-link';

/** 协同 tab: applications copied to me (抄送/传阅), unread first in bold; opening one marks it read. */
export function CcWidget() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const cc = useQuery({ queryKey: ['pending', 'cc', 'widget'], queryFn: () => pendingApi.cc({ pageNumber: 1, pageSize: 6 }) });
  const open = async (c: CcItem) => {
    if (!c.readAt) {
      try {
        await pendingApi.ccRead(c.ccId);
      } catch {
        /* the preview marks it read too */
      }
      void queryClient.invalidateQueries({ queryKey: ['pending'] });
    }
    const p = previewPath(c.moduleCode, c.recordId);
    if (p) navigate(p);
  };
  return (
    <Card title="抄送我的" extra={<a {...actionLink(() => navigate('/process?tab=cc'), 'link')}>查看全部</a>} data-testid="cc-widget">
      <List
        size="small"
        loading={cc.isLoading}
        dataSource={cc.data?.list ?? []}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无抄送给您的审批，同事抄送或传阅给您的事项会显示在这里" />,
        }}
        renderItem={(c) => (
          <List.Item style={{ cursor: 'pointer', display: 'flex', gap: 12, fontWeight: c.readAt ? 400 : 600 }} onClick={() => void open(c)}>
            <span style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              <Badge status={c.readAt ? 'default' : 'processing'} />
              <span style={{ marginLeft: 8 }}>
                [{moduleName(c.moduleCode)}] {c.title}
              </span>
              <span style={{ color: '#666', marginLeft: 8, fontWeight: 400 }}>{c.initiatorName}</span>
            </span>
            <span style={{ color: '#666', fontSize: 12, flex: 'none', fontWeight: 400 }}>{formatTime(c.createdAt)}</span>
          </List.Item>
        )}
      />
    </Card>
  );
}
