import type { ReactNode } from 'react';
import { Button, Card, Empty, Result, Typography } from 'antd';
import { ExportOutlined } from '@ant-design/icons';

/**
 * A home-tab card for an area that is not built yet: says what will appear here and when. The lead
 * replaces it by the area's own widget when the area is merged.
 */
export function HomeEmptyCard({ title, description, testId }: { title: string; description: ReactNode; testId?: string }) {
  return (
    <Card title={title} data-testid={testId ?? 'home-empty-card'}>
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description} style={{ padding: '24px 0' }} />
    </Card>
  );
}

/**
 * A home-tab card for an external platform (service portal, entrusted management): opens it in a new
 * window when the address is configured and the user has the platform; otherwise says why not.
 */
export function PlatformLinkCard(props: {
  title: string;
  description: string;
  url: string;
  hasPlatform: boolean;
  envName: string;
  testId: string;
}) {
  const { title, description, url, hasPlatform, envName, testId } = props;
  const problem = !hasPlatform
    ? `您的账号尚未开通${title}权限，如需使用请联系系统管理员开通。`
    : !url
      ? `系统尚未配置${title}地址（${envName}），请联系信息中心。`
      : null;
  return (
    <Card title={title} data-testid={testId}>
      <Result
        status={problem ? 'info' : 'success'}
        icon={problem ? undefined : <ExportOutlined style={{ color: '#1890ff' }} />}
        title={<Typography.Text strong>{problem ? `${title}暂不可用` : `进入${title}`}</Typography.Text>}
        subTitle={problem ?? description}
        extra={
          !problem && (
            <Button type="primary" icon={<ExportOutlined />} onClick={() => window.open(url, '_blank', 'noopener')}>
              在新窗口打开
            </Button>
          )
        }
        style={{ padding: '16px 0' }}
      />
    </Card>
  );
}
