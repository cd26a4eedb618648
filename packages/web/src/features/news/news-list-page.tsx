import { useState } from 'react';
import { Button, Card, Input, Popconfirm, Select, Space, Table, Tabs, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ARTICLE_STAGES, ARTICLE_STAGE_LABEL, type ArticleItem } from '@oa/shared/contract/news';
import { formatTime } from '@oa/shared/format/time';
import { feedback } from '../../lib/feedback';
import { errorMessage } from '../../lib/http-client';
import { ColumnManager } from './column-manager';
import { newsApi } from './news.api';
import { useCan } from '../../state/permission';
import { ArticleStageTag } from './article-stage-tag';

function Articles({ view }: { view: 'mine' | 'manage' }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [q, setQ] = useState({
    pageNumber: 1,
    pageSize: 10,
    keyword: '',
    status: undefined as string | undefined,
    columnCode: undefined as string | undefined,
  });
  const columns = useQuery({ queryKey: ['news', 'columns'], queryFn: newsApi.columns });
  const list = useQuery({
    queryKey: ['news', 'list', view, q],
    queryFn: () => newsApi.list({ view, ...q, keyword: q.keyword || undefined }),
  });
  const run = async (fn: () => Promise<unknown>, done: string) => {
    try {
      await fn();
      feedback().message.success(done);
      await qc.invalidateQueries({ queryKey: ['news'] });
    } catch (err) {
      feedback().message.error(errorMessage(err));
    }
  };
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          allowClear
          placeholder="栏目"
          aria-label="栏目"
          style={{ width: 160 }}
          value={q.columnCode}
          options={(columns.data ?? []).map((c) => ({ value: c.columnCode, label: c.columnName }))}
          onChange={(columnCode) => setQ((x) => ({ ...x, columnCode, pageNumber: 1 }))}
        />
        <Select
          allowClear
          placeholder="状态"
          aria-label="状态"
          style={{ width: 120 }}
          value={q.status}
          options={ARTICLE_STAGES.map((s) => ({ value: s, label: ARTICLE_STAGE_LABEL[s] }))}
          onChange={(status) => setQ((x) => ({ ...x, status, pageNumber: 1 }))}
        />
        <Input.Search
          allowClear
          placeholder="标题"
          aria-label="标题"
          style={{ width: 220 }}
          onSearch={(keyword) => setQ((x) => ({ ...x, keyword, pageNumber: 1 }))}
        />
      </Space>
      <Table<ArticleItem>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        pagination={{
          current: q.pageNumber,
          pageSize: q.pageSize,
          total: list.data?.total ?? 0,
          showTotal: (n) => (list.data?.more ? `超过 ${n} 条` : `共 ${n} 条`),
          onChange: (pageNumber, pageSize) => setQ((x) => ({ ...x, pageNumber, pageSize })),
        }}
        columns={[
          {
            title: '标题',
            dataIndex: 'title',
            render: (t: string, a) => (
              <a
                onClick={() => void navigate(a.status === 'published' ? `/information/view?id=${a.id}` : `/information/preview?id=${a.id}`)}
              >
                {a.isTop === 'Y' ? <Tag color="red">置顶</Tag> : null}
                {t}
              </a>
            ),
          },
          { title: '栏目', dataIndex: 'columnName', width: 120 },
          ...(view === 'manage' ? [{ title: '作者', dataIndex: 'authorName', width: 100 }] : []),
          {
            title: '状态',
            dataIndex: 'stage',
            width: 90,
            render: (s: ArticleItem['stage']) => <ArticleStageTag stage={s} />,
          },
          { title: '阅读', dataIndex: 'readCount', width: 70 },
          {
            title: '发布时间',
            dataIndex: 'publishedAt',
            width: 150,
            render: (v: string | null) => (v ? formatTime(v, '{y}-{m}-{d} {h}:{i}') : '—'),
          },
          {
            title: '操作',
            key: 'op',
            width: 180,
            render: (_: unknown, a) => (
              <Space size={4}>
                {view === 'mine' && ['draft', 'returned', 'withdrawn'].includes(a.status) ? (
                  <Button size="small" type="link" onClick={() => void navigate(`/information/edit?id=${a.id}`)}>
                    修改
                  </Button>
                ) : null}
                {a.status === 'review' && view === 'mine' ? (
                  <Popconfirm title="撤回后可修改再提交，确定撤回？" onConfirm={() => run(() => newsApi.withdraw(a.id), '已撤回')}>
                    <Button size="small" type="link">
                      撤回
                    </Button>
                  </Popconfirm>
                ) : null}
                {a.status === 'published' ? (
                  <Popconfirm title="撤下后读者将看不到这条信息，确定？" onConfirm={() => run(() => newsApi.withdraw(a.id), '已撤下')}>
                    <Button size="small" type="link" danger>
                      撤下
                    </Button>
                  </Popconfirm>
                ) : null}
                {view === 'mine' && ['draft', 'returned'].includes(a.status) ? (
                  <Popconfirm title="确定删除？" onConfirm={() => run(() => newsApi.remove(a.id), '已删除')}>
                    <Button size="small" type="link" danger>
                      删除
                    </Button>
                  </Popconfirm>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}

/** /information: my articles, all articles (information administrators) and the column tree (administrators). */
export default function NewsListPage() {
  const navigate = useNavigate();
  const manager = useCan('oa_information:manage');
  const columnAdmin = useCan('sys_column_auth');
  return (
    <div className="oa-page" data-testid="news-list">
      <Card
        variant="borderless"
        title="信息管理"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/information/edit')} data-testid="news-new">
            撰写信息
          </Button>
        }
      >
        <Tabs
          items={[
            { key: 'mine', label: '我的稿件', children: <Articles view="mine" /> },
            ...(manager ? [{ key: 'manage', label: '全部稿件', children: <Articles view="manage" /> }] : []),
            ...(columnAdmin ? [{ key: 'columns', label: '栏目管理', children: <ColumnManager /> }] : []),
          ]}
        />
      </Card>
    </div>
  );
}
