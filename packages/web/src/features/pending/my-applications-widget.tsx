import { useQuery } from '@tanstack/react-query';
import { Card, Empty, List } from 'antd';
import { useNavigate } from 'react-router';
import { moduleName, pendingApi, previewPath } from './pending.api';
import { StatusTag } from './pending-shared';
import { formatTime } from '../../components/instance-status';
import { actionLink } from '../../lib/action-link';

const ellipsis = { flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/** 工作 tab: my latest applications with their status and where they are now. */
export function MyApplicationsWidget() {
  const navigate = useNavigate();
  const mine = useQuery({ queryKey: ['pending', 'mine', 'widget'], queryFn: () => pendingApi.mine({ pageNumber: 1, pageSize: 6 }) });
  return (
    <Card
      title="我的申请"
      extra={<a {...actionLink(() => navigate('/process?tab=mine'), 'link')}>查看全部</a>}
      data-testid="my-applications-widget"
    >
      <List
        size="small"
        loading={mine.isLoading}
        dataSource={mine.data?.list ?? []}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="您还没有发起申请，提交的申请会在这里显示审批进度" />,
        }}
        renderItem={(i) => (
          <List.Item
            style={{ cursor: 'pointer', display: 'flex', gap: 12 }}
            onClick={() => {
              const p = previewPath(i.moduleCode, i.recordId);
              if (p) navigate(p);
            }}
          >
            <span style={ellipsis}>
              [{moduleName(i.moduleCode)}] {i.title}
              {i.status === 'running' && i.currentNodes.length > 0 && (
                <span style={{ color: '#666', marginLeft: 8 }}>当前：{i.currentNodes.map((n) => n.nodeName).join('、')}</span>
              )}
            </span>
            <StatusTag status={i.status} />
            <span style={{ color: '#666', fontSize: 12, flex: 'none' }}>{formatTime(i.startedAt)}</span>
          </List.Item>
        )}
      />
    </Card>
  );
}
