import { useState } from 'react';
import { Avatar, Button, Card, Divider, Empty, List, Popconfirm, Result, Space, Spin, Tag, Typography } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { SPACE_META } from '@oa/shared/contract/spaces';
import { formatTime } from '@oa/shared/format/time';
import { downloadFile } from '../../lib/files-transfer';
import { feedback } from '../../lib/feedback';
import { errorMessage } from '../../lib/http-client';
import { RichHtml } from '../../lib/rich-html';
import { useTabRoute } from '../../lib/tab-route';
import { useSession } from '../../state/session.store';
import { kindOfPath, spacesApi } from './spaces.api';
import { ReplyBox } from './reply-box';
import { TopicEditDrawer } from './topic-edit-drawer';

const fileLink = (f: { fileId: string; fileName: string }) => (
  <Button
    key={f.fileId}
    type="link"
    size="small"
    icon={<PaperClipOutlined />}
    onClick={() => downloadFile(f.fileId, f.fileName).catch((err: unknown) => feedback().message.error(errorMessage(err, '下载失败')))}
  >
    {f.fileName}
  </Button>
);

/** /publicSubject/view, /share/view, /deptsubject/view?id=: a topic with its files and replies. */
export default function SpaceViewPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const { path } = useTabRoute();
  const meta = SPACE_META[kindOfPath(path)];
  const navigate = useNavigate();
  const qc = useQueryClient();
  const myDept = useSession((s) => s.user?.deptCode ?? null);
  const q = useQuery({ queryKey: ['spaces', 'detail', id], queryFn: () => spacesApi.detail(id), enabled: !!id });
  const [editing, setEditing] = useState(false);
  const refresh = () => qc.invalidateQueries({ queryKey: ['spaces'] });
  const t = q.data;
  if (!id) return <Result status="404" title="缺少主题编号" />;
  return (
    <div className="oa-page" data-testid="space-view">
      <Card
        variant="borderless"
        title={meta.title}
        extra={
          t?.can.edit ? (
            <Space>
              <Button onClick={() => setEditing(true)}>修改</Button>
              <Popconfirm
                title="删除主题及其全部回复和文件？"
                onConfirm={async () => {
                  try {
                    await spacesApi.deleteTopic(id);
                    await refresh();
                    void navigate(meta.base);
                  } catch (err) {
                    feedback().message.error(errorMessage(err));
                  }
                }}
              >
                <Button danger>删除</Button>
              </Popconfirm>
            </Space>
          ) : null
        }
      >
        {q.isLoading ? (
          <Spin />
        ) : q.error ? (
          <Result status="warning" title={errorMessage(q.error)} />
        ) : t ? (
          <div style={{ maxWidth: 900, margin: '0 auto' }}>
            <Typography.Title level={3} data-testid="topic-view-title">
              {t.title}
            </Typography.Title>
            <Space wrap style={{ color: '#666' }}>
              <span>
                {t.authorName}
                {t.deptName ? `（${t.deptName}）` : ''}
              </span>
              <span>{formatTime(t.createdAt, '{y}-{m}-{d} {h}:{i}')}</span>
              <span>
                可见范围：
                {t.scope === 'all' ? <Tag color="green">全体人员</Tag> : t.readers.map((r) => <Tag key={r.code}>{r.name ?? r.code}</Tag>)}
              </span>
            </Space>
            <Divider />
            <RichHtml html={t.bodyHtml} />
            {t.files.length ? (
              <>
                <Divider titlePlacement="start" plain>
                  文件
                </Divider>
                {t.files.map(fileLink)}
              </>
            ) : null}
            <Divider titlePlacement="start" plain>
              回复（{t.posts.length}）
            </Divider>
            <List
              dataSource={t.posts}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有回复" /> }}
              renderItem={(p) => (
                <List.Item
                  key={p.id}
                  actions={
                    p.canDelete
                      ? [
                          <Popconfirm
                            key="d"
                            title="删除该回复？"
                            onConfirm={async () => {
                              await spacesApi.deletePost(p.id);
                              await refresh();
                            }}
                          >
                            <a>删除</a>
                          </Popconfirm>,
                        ]
                      : []
                  }
                >
                  <List.Item.Meta
                    avatar={<Avatar>{p.authorName.slice(-2)}</Avatar>}
                    title={
                      <Space>
                        <span>{p.authorName}</span>
                        <Typography.Text type="secondary">{formatTime(p.createdAt, '{y}-{m}-{d} {h}:{i}')}</Typography.Text>
                      </Space>
                    }
                    description={
                      <>
                        <RichHtml html={p.bodyHtml} />
                        {p.files.length ? (
                          <div data-testid="post-files" style={{ marginTop: 4 }}>
                            {p.files.map(fileLink)}
                          </div>
                        ) : null}
                      </>
                    }
                  />
                </List.Item>
              )}
            />
            <ReplyBox topicId={id} onSent={refresh} />
          </div>
        ) : null}
      </Card>
      <TopicEditDrawer
        kind={kindOfPath(path)}
        topic={t ?? null}
        open={editing}
        myDept={myDept}
        onClose={() => setEditing(false)}
        onSaved={() => {
          setEditing(false);
          void refresh();
        }}
      />
    </div>
  );
}
