import { useState } from 'react';
import { Card, Empty, Input, List, Space, Tag, Tree, Typography } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { buildTree, type TreeNode } from '@oa/shared/format/tree';
import type { NewsColumn } from '@oa/shared/contract/news';
import { formatTime } from '@oa/shared/format/time';
import { ArticleCover } from './article-cover';
import { newsApi } from './news.api';
import { actionLink } from '../../lib/action-link';

interface TNode {
  key: string;
  title: string;
  children?: TNode[];
}
const toNode = (n: TreeNode<NewsColumn>): TNode => ({
  key: n.columnCode,
  title: n.columnName,
  children: n.children.length ? n.children.map(toNode) : undefined,
});

/** /informationMore: published news by column (tree on the left), paged, top first, each with its cover. */
export default function NewsMorePage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [q, setQ] = useState({
    pageNumber: 1,
    pageSize: 15,
    keyword: '',
    columnCode: params.get('column') ?? (undefined as string | undefined),
  });
  const cols = useQuery({ queryKey: ['news', 'columns'], queryFn: newsApi.columns });
  const list = useQuery({
    queryKey: ['news', 'list', 'published', q],
    queryFn: () => newsApi.list({ view: 'published', ...q, keyword: q.keyword || undefined }),
  });
  const tree: TNode[] = [
    { key: '', title: '全部栏目', children: buildTree(cols.data ?? [], { id: 'columnCode', parentId: 'parentCode' }).map(toNode) },
  ];
  return (
    <div className="oa-page" data-testid="news-more">
      <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
        <Card variant="borderless" title="栏目" style={{ width: 220, flex: 'none' }}>
          <Tree
            key={cols.data?.length ?? 0}
            treeData={tree}
            defaultExpandAll
            selectedKeys={[q.columnCode ?? '']}
            onSelect={(keys) => setQ((x) => ({ ...x, columnCode: (keys[0] as string) || undefined, pageNumber: 1 }))}
          />
        </Card>
        <Card
          variant="borderless"
          style={{ flex: 1, minWidth: 0 }}
          title={(cols.data ?? []).find((c) => c.columnCode === q.columnCode)?.columnName ?? '全部资讯'}
          extra={
            <Input.Search
              allowClear
              placeholder="标题"
              aria-label="标题"
              style={{ width: 220 }}
              onSearch={(keyword) => setQ((x) => ({ ...x, keyword, pageNumber: 1 }))}
            />
          }
        >
          <List
            itemLayout="vertical"
            loading={list.isFetching}
            dataSource={list.data?.list ?? []}
            locale={{ emptyText: <Empty description="暂无资讯" /> }}
            pagination={{
              current: q.pageNumber,
              pageSize: q.pageSize,
              total: list.data?.total ?? 0,
              showTotal: (n) => (list.data?.more ? `超过 ${n} 条` : `共 ${n} 条`),
              onChange: (pageNumber) => setQ((x) => ({ ...x, pageNumber })),
            }}
            renderItem={(a) => (
              <List.Item key={a.id} data-testid="news-more-row">
                <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
                  <ArticleCover fileId={a.coverFile} width={160} height={90} />
                  <div style={{ flex: 1, minWidth: 0 }}>
                    <List.Item.Meta
                      style={{ marginBottom: 4 }}
                      title={
                        <a {...actionLink(() => void navigate(`/information/view?id=${a.id}`), 'link')} data-testid="news-more-item">
                          {a.isTop === 'Y' ? <Tag color="red">置顶</Tag> : null}
                          {a.title}
                        </a>
                      }
                      description={
                        <Space size="middle" wrap>
                          <span>{a.columnName}</span>
                          <span>{a.deptName ?? a.source}</span>
                          <span>{a.publishedAt ? formatTime(a.publishedAt, '{y}-{m}-{d}') : ''}</span>
                          <span>
                            <EyeOutlined /> {a.readCount}
                          </span>
                        </Space>
                      }
                    />
                    {a.summary ? (
                      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
                        {a.summary}
                      </Typography.Paragraph>
                    ) : null}
                  </div>
                </div>
              </List.Item>
            )}
          />
        </Card>
      </div>
    </div>
  );
}
