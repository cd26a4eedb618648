import { useEffect, useState } from 'react';
import { Card, Empty, Input, List, Segmented, Space, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { SEARCH_KINDS, SEARCH_KIND_LABEL, type SearchHit, type SearchKindName, type Segment } from '@oa/shared/contract/search';
import { formatTime } from '@oa/shared/format/time';
import { downloadFile } from '../../lib/files-transfer';
import { feedback } from '../../lib/feedback';
import { errorMessage } from '../../lib/http-client';
import { searchApi } from './search.api';
import { actionLink } from '../../lib/action-link';

/** Highlighted text from segments (never HTML from the server). */
const Marked = ({ parts }: { parts: Segment[] }) => (
  <>
    {parts.map((p, i) =>
      p.hit ? (
        <mark key={i} className="oa-search-hit">
          {p.text}
        </mark>
      ) : (
        <span key={i}>{p.text}</span>
      ),
    )}
  </>
);
const COLORS: Record<SearchKindName, string> = {
  article: 'blue',
  topic: 'cyan',
  post: 'geekblue',
  record: 'purple',
  document: 'red',
  register: 'magenta',
  person: 'green',
  file: 'orange',
};

/** /search?q=: what the search box found, only what the user may open, by kind, paged. */
export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const q = params.get('q') ?? '';
  const [kind, setKind] = useState<SearchKindName | ''>('');
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [q, kind]);
  const res = useQuery({
    queryKey: ['search', q, kind, page],
    queryFn: () => searchApi.search({ q, kind: kind || undefined, pageNumber: page, pageSize: 15 }),
    enabled: !!q.trim(),
  });
  const open = (h: SearchHit) => {
    if (h.link.startsWith('file:')) {
      downloadFile(h.link.slice(5), h.title.map((s) => s.text).join('')).catch((err: unknown) =>
        feedback().message.error(errorMessage(err, '下载失败')),
      );
    } else void navigate(h.link);
  };
  return (
    <div className="oa-page" data-testid="search-page">
      <Card variant="borderless" title="全站搜索">
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <Input.Search
            defaultValue={q}
            key={q}
            enterButton="搜索"
            maxLength={50}
            placeholder="输入关键字"
            aria-label="输入关键字"
            onSearch={(v) => v.trim() && setParams({ q: v.trim() })}
            style={{ maxWidth: 520 }}
          />
          <Segmented
            value={kind}
            onChange={(v) => setKind(v as SearchKindName | '')}
            options={[{ value: '', label: '全部' }, ...SEARCH_KINDS.map((k) => ({ value: k, label: SEARCH_KIND_LABEL[k] }))]}
          />
          <List
            loading={res.isFetching}
            dataSource={res.data?.list ?? []}
            locale={{ emptyText: <Empty description={q ? `没有找到与“${q}”相关的内容` : '请输入关键字'} /> }}
            pagination={
              res.data && res.data.total > 15
                ? {
                    current: page,
                    pageSize: 15,
                    total: res.data.total,
                    showSizeChanger: false,
                    onChange: setPage,
                    showTotal: (n) => (res.data?.more ? `超过 ${n} 条，请细化关键字` : `共 ${n} 条`),
                  }
                : false
            }
            renderItem={(h) => (
              <List.Item
                key={`${h.kind}:${h.refId}`}
                extra={<Typography.Text type="secondary">{formatTime(h.updatedAt, '{y}-{m}-{d}')}</Typography.Text>}
              >
                <List.Item.Meta
                  title={
                    <Space>
                      <Tag color={COLORS[h.kind]}>{SEARCH_KIND_LABEL[h.kind]}</Tag>
                      <a {...actionLink(() => open(h))} data-testid="search-hit">
                        <Marked parts={h.title} />
                      </a>
                    </Space>
                  }
                  description={
                    <Typography.Text type="secondary">
                      <Marked parts={h.snippet} />
                    </Typography.Text>
                  }
                />
              </List.Item>
            )}
          />
        </Space>
      </Card>
    </div>
  );
}
