import { useRef } from 'react';
import { Button, Card, Result, Skeleton } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { BusinessCardView, downloadCardPng } from '../../components/business-card';
import { errorMessage } from '../../lib/http-client';
import { addressBookApi } from './address-book.api';

/** /address/detail?userCode=… — one person of the address book. */
export default function AddressDetailPage() {
  const [params] = useSearchParams();
  const userCode = params.get('userCode') ?? '';
  const node = useRef<HTMLDivElement>(null);
  const q = useQuery({
    queryKey: ['address-person', userCode],
    queryFn: () => addressBookApi.person(userCode),
    enabled: Boolean(userCode),
  });

  if (!userCode) return <Result status="info" title="请从通讯录选择要查看的人员" />;
  return (
    <div className="oa-page" data-testid="address-detail-page">
      <Card
        title="通讯录详情"
        style={{ maxWidth: 480 }}
        extra={
          q.data && (
            <Button icon={<DownloadOutlined />} onClick={() => node.current && void downloadCardPng(node.current, q.data.users.userName)}>
              下载名片
            </Button>
          )
        }
      >
        {q.isPending && <Skeleton avatar active />}
        {q.isError && <Result status="warning" subTitle={errorMessage(q.error, '加载失败')} />}
        {q.data && <BusinessCardView ref={node} card={q.data} />}
      </Card>
    </div>
  );
}
