import { Button, Card, Descriptions, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { getClientConfig } from '../../lib/client-config';
import { browserName } from '../../lib/browser-name';
import { http, unwrap } from '../../lib/http-client';

interface Health {
  status: string;
  db: string;
  version: string;
}

/** /test — diagnostics: versions, server health and database type. */
export default function TestPage() {
  const navigate = useNavigate();
  const cfg = getClientConfig();
  const health = useQuery({
    queryKey: ['health'],
    queryFn: async () => unwrap(await http.get<Health>('/api/base/health', undefined, { quiet: true })),
  });
  const dbName = health.data?.db === 'postgres' ? 'PostgreSQL' : health.data?.db === 'sqlite' ? 'SQLite' : health.data?.db;
  return (
    <div style={{ maxWidth: 720, margin: '48px auto', padding: '0 16px' }}>
      <Card title="系统诊断" extra={<Button onClick={() => navigate('/')}>返回首页</Button>}>
        <Descriptions column={1} bordered size="middle">
          <Descriptions.Item label="系统名称">{cfg.siteTitle}</Descriptions.Item>
          <Descriptions.Item label="客户端版本">{cfg.version}</Descriptions.Item>
          <Descriptions.Item label="服务状态">
            {health.isLoading ? (
              '检测中…'
            ) : health.isError ? (
              <Tag color="error">异常</Tag>
            ) : (
              <Tag color="success" data-testid="health-ok">
                正常（{health.data?.status}）
              </Tag>
            )}
          </Descriptions.Item>
          <Descriptions.Item label="服务端版本">{health.data?.version ?? '-'}</Descriptions.Item>
          <Descriptions.Item label="数据库类型">{dbName ?? '-'}</Descriptions.Item>
          <Descriptions.Item label="浏览器">{browserName()}</Descriptions.Item>
          <Descriptions.Item label="登录验证码">
            {{ always: '始终需要', 'after-failures': '多次失败后需要', off: '关闭' }[cfg.loginCaptcha]}
          </Descriptions.Item>
        </Descriptions>
        <Button style={{ marginTop: 16 }} onClick={() => void health.refetch()} loading={health.isFetching}>
          重新检测
        </Button>
      </Card>
    </div>
  );
}
