import { Button, Card, List, Popconfirm, Tag, Typography } from 'antd';
import { DesktopOutlined, MobileOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { feedback } from '../../lib/feedback';
import { personalApi } from './personal.api';
import { notifyError } from '../../lib/notify-error';

const when = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');

/** 我的登录设备: open sessions with device and last use; sign out one, or every other one. */
export function SessionsCard() {
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['my-sessions'], queryFn: personalApi.sessions });
  const revoke = useMutation({
    mutationFn: (id?: string) => personalApi.signOutElsewhere(id),
    onSuccess: (r) => {
      feedback().message.success(r.count > 0 ? `已退出 ${r.count} 个其他会话` : '没有其他会话');
      void qc.invalidateQueries({ queryKey: ['my-sessions'] });
    },
    onError: (err) => notifyError(err),
  });
  const others = (q.data ?? []).filter((s) => !s.current).length;
  return (
    <Card
      title="我的登录设备"
      size="small"
      data-testid="sessions-card"
      extra={
        <Popconfirm title="确定退出除本机以外的所有设备吗？" onConfirm={() => revoke.mutate(undefined)} disabled={others === 0}>
          <Button danger size="small" disabled={others === 0} loading={revoke.isPending}>
            退出其他设备
          </Button>
        </Popconfirm>
      }
    >
      <List
        loading={q.isPending}
        dataSource={q.data ?? []}
        renderItem={(s) => (
          <List.Item
            actions={
              s.current
                ? [
                    <Tag color="blue" key="c">
                      当前设备
                    </Tag>,
                  ]
                : [
                    <Button key="x" type="link" size="small" onClick={() => revoke.mutate(s.id)}>
                      退出
                    </Button>,
                  ]
            }
          >
            <List.Item.Meta
              avatar={s.kind === 'device' ? <MobileOutlined /> : <DesktopOutlined />}
              title={s.device}
              description={
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  IP {s.ip ?? '—'} · 登录 {when(s.createdAt)} · 最近使用 {when(s.lastSeenAt)}
                </Typography.Text>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
