import { useState } from 'react';
import { Button, Card, Drawer, Empty, Input, List, Select, Space, Spin, Tag, Typography } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { BRIEFING_CATEGORIES } from '@oa/shared/modules/briefing.module';
import { errorMessage } from '../../lib/http-client';
import { briefingApi } from './briefing.api';
import { downloadFile } from '../../engine/records.api';
import { showError } from '../../lib/notify-error';
import { actionLink } from '../../lib/action-link';

/** 简报查阅 (/briefingList): approved work briefings, published for everyone to read. */
export default function BriefingListPage() {
  const [q, setQ] = useState({ pageNumber: 1, pageSize: 10, keyword: '', category: undefined as string | undefined });
  const [open, setOpen] = useState<string | null>(null);
  const list = useQuery({
    queryKey: ['briefings', 'published', q],
    queryFn: () => briefingApi.briefings({ ...q, keyword: q.keyword || undefined }),
  });
  const one = useQuery({ queryKey: ['briefings', 'published', 'one', open], queryFn: () => briefingApi.briefing(open!), enabled: !!open });
  return (
    <div className="oa-page" data-testid="briefing-list">
      <Card
        variant="borderless"
        title="工作简报"
        extra={
          <Space>
            <Select
              allowClear
              placeholder="简报类别"
              aria-label="简报类别"
              style={{ width: 140 }}
              options={[...BRIEFING_CATEGORIES]}
              value={q.category}
              onChange={(category) => setQ((x) => ({ ...x, category, pageNumber: 1 }))}
            />
            <Input.Search
              allowClear
              placeholder="标题或摘要"
              aria-label="标题或摘要"
              onSearch={(keyword) => setQ((x) => ({ ...x, keyword, pageNumber: 1 }))}
              style={{ width: 220 }}
            />
          </Space>
        }
      >
        <List
          itemLayout="vertical"
          loading={list.isFetching}
          dataSource={list.data?.list ?? []}
          locale={{ emptyText: <Empty description="暂无已发布的简报" /> }}
          pagination={{
            current: q.pageNumber,
            pageSize: q.pageSize,
            total: list.data?.total ?? 0,
            onChange: (pageNumber) => setQ((x) => ({ ...x, pageNumber })),
          }}
          renderItem={(b) => (
            <List.Item key={b.id} extra={<Typography.Text type="secondary">{b.briefDate}</Typography.Text>}>
              <List.Item.Meta
                title={<a {...actionLink(() => setOpen(b.id))}>{b.title}</a>}
                description={
                  <Space wrap>
                    <Tag color="blue">{b.category}</Tag>
                    <span>{b.issueNo}</span>
                    <span>{b.deptName}</span>
                    <span>{b.applicantName}</span>
                  </Space>
                }
              />
              {b.summary ? (
                <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
                  {b.summary}
                </Typography.Paragraph>
              ) : null}
            </List.Item>
          )}
        />
      </Card>
      <Drawer open={!!open} width={820} title={one.data?.title ?? '简报'} onClose={() => setOpen(null)} destroyOnHidden>
        {one.isLoading ? (
          <Spin />
        ) : one.error ? (
          <Typography.Text type="danger">{errorMessage(one.error)}</Typography.Text>
        ) : one.data ? (
          <article className="oa-briefing">
            <Typography.Title level={3} style={{ textAlign: 'center' }}>
              {one.data.title}
            </Typography.Title>
            <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
              {one.data.issueNo} · {one.data.deptName} · {one.data.briefDate}
            </Typography.Paragraph>
            <div style={{ whiteSpace: 'pre-wrap', lineHeight: 2, fontSize: 15 }}>{one.data.content}</div>
            {one.data.files.map((f) => (
              <Button
                key={f.fileId}
                type="link"
                icon={<PaperClipOutlined />}
                onClick={() => downloadFile(f.fileId, f.fileName).catch((err: unknown) => showError(err, '下载失败'))}
              >
                {f.fileName}
              </Button>
            ))}
          </article>
        ) : null}
      </Drawer>
    </div>
  );
}
