import { Button, Divider, Drawer, Empty, List, Space, Tabs, Tag, Typography } from 'antd';
import { BellOutlined, EyeOutlined, PaperClipOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { RECOMMEND_STATES, RECOMMEND_TARGETS, type ArticleDetail } from '@oa/shared/contract/news';
import { formatTime } from '@oa/shared/format/time';
import { downloadFile } from '../../lib/files-transfer';
import { feedback } from '../../lib/feedback';
import { errorMessage } from '../../lib/http-client';
import { imageUrl } from '../../lib/files-url';
import { RichHtml } from '../../lib/rich-html';
import { ArticleStageTag } from './article-stage-tag';
import { newsApi } from './news.api';

/** 提醒未读: the server notifies the unread readers in scope (once an hour) and says how many, or when the next is allowed. */
function RemindButton({ id, remindedAt }: { id: string; remindedAt: string | null }) {
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const remind = async () => {
    setBusy(true);
    try {
      const r = await newsApi.remind(id);
      feedback().message.success(`已提醒 ${r.reminded} 人阅读`);
      await qc.invalidateQueries({ queryKey: ['news'] });
    } catch (err) {
      feedback().message.warning(errorMessage(err, '提醒失败'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="small"
      type="link"
      icon={<BellOutlined />}
      loading={busy}
      onClick={() => void remind()}
      title={remindedAt ? `上次提醒：${formatTime(remindedAt, '{m}-{d} {h}:{i}')}` : '通知栏目范围内还没有阅读的人'}
      data-testid="article-remind"
    >
      提醒未读
    </Button>
  );
}

/** An article as readers see it: cover, title, meta, sanitised body, attachments; read count, readers and 提醒未读 for its publisher. */
export function ArticleView({ a }: { a: ArticleDetail }) {
  const [readersOpen, setReadersOpen] = useState(false);
  const readers = useQuery({ queryKey: ['news', 'readers', a.id], queryFn: () => newsApi.readers(a.id), enabled: readersOpen });
  return (
    <article data-testid="article-view" style={{ maxWidth: 900, margin: '0 auto' }}>
      <Typography.Title level={3} style={{ textAlign: 'center' }} data-testid="article-title">
        {a.title}
      </Typography.Title>
      <Space wrap style={{ justifyContent: 'center', width: '100%', color: '#666' }}>
        <span>栏目：{a.columnName}</span>
        {a.source ? <span>来源：{a.source}</span> : null}
        <span>
          作者：{a.authorName}
          {a.deptName ? `（${a.deptName}）` : ''}
        </span>
        <span>
          {a.publishedAt
            ? `发布时间：${formatTime(a.publishedAt, '{y}-{m}-{d} {h}:{i}')}`
            : `更新：${formatTime(a.updatedAt, '{y}-{m}-{d} {h}:{i}')}`}
        </span>
        <span data-testid="article-read-count">
          <EyeOutlined /> 阅读 {a.readCount}
        </span>
        {a.stage !== 'published' ? <ArticleStageTag stage={a.stage} /> : null}
        {a.isTop === 'Y' ? <Tag color="red">置顶</Tag> : null}
        {a.recommend ? (
          <Tag color="gold">
            {RECOMMEND_TARGETS[a.recommend.target as keyof typeof RECOMMEND_TARGETS]} ·{' '}
            {RECOMMEND_STATES[a.recommend.state as keyof typeof RECOMMEND_STATES]}
          </Tag>
        ) : null}
        {a.can.readers ? (
          <Button size="small" type="link" onClick={() => setReadersOpen(true)} data-testid="article-readers">
            阅读情况
          </Button>
        ) : null}
        {a.can.remind ? <RemindButton id={a.id} remindedAt={a.remindedAt} /> : null}
      </Space>
      <Divider />
      {a.coverPicked && a.coverFile ? (
        <img
          src={imageUrl(a.coverFile)}
          alt="封面"
          data-testid="article-cover-banner"
          style={{ display: 'block', width: '100%', maxHeight: 360, objectFit: 'cover', borderRadius: 8, marginBottom: 20 }}
        />
      ) : null}
      <RichHtml html={a.bodyHtml} />
      {a.attachments.length ? (
        <>
          <Divider titlePlacement="start" plain>
            附件
          </Divider>
          {a.attachments.map((f) => (
            <div key={f.fileId}>
              <Button
                type="link"
                icon={<PaperClipOutlined />}
                onClick={() =>
                  downloadFile(f.fileId, f.fileName).catch((err: unknown) => feedback().message.error(errorMessage(err, '下载失败')))
                }
              >
                {f.fileName}
              </Button>
            </div>
          ))}
        </>
      ) : null}
      <Drawer
        open={readersOpen}
        onClose={() => setReadersOpen(false)}
        title={`阅读情况（已读 ${readers.data?.readers.length ?? 0}）`}
        width={480}
      >
        <Tabs
          items={[
            {
              key: 'read',
              label: `已读 ${readers.data?.readers.length ?? ''}`,
              children: (
                <List
                  size="small"
                  loading={readers.isLoading}
                  dataSource={readers.data?.readers ?? []}
                  locale={{ emptyText: <Empty description="还没有人阅读" /> }}
                  renderItem={(r) => (
                    <List.Item extra={formatTime(r.readAt, '{m}-{d} {h}:{i}')}>
                      {r.userName}
                      <Typography.Text type="secondary" style={{ marginLeft: 12 }}>
                        {r.deptName}
                      </Typography.Text>
                    </List.Item>
                  )}
                />
              ),
            },
            {
              key: 'unread',
              label: `未读 ${readers.data?.unread.length ?? ''}`,
              children: (
                <List
                  header={
                    a.can.remind && readers.data?.unread.length ? (
                      <Space>
                        <Typography.Text type="secondary">通过消息通知提醒以下人员阅读（每小时最多一次）</Typography.Text>
                        <RemindButton id={a.id} remindedAt={a.remindedAt} />
                      </Space>
                    ) : undefined
                  }
                  size="small"
                  loading={readers.isLoading}
                  dataSource={readers.data?.unread ?? []}
                  locale={{ emptyText: <Empty description="范围内的人都已阅读" /> }}
                  renderItem={(r) => (
                    <List.Item>
                      {r.userName}
                      <Typography.Text type="secondary" style={{ marginLeft: 12 }}>
                        {r.deptName}
                      </Typography.Text>
                    </List.Item>
                  )}
                />
              ),
            },
          ]}
        />
      </Drawer>
    </article>
  );
}
