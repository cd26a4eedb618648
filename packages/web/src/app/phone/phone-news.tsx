import { useState } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Button, Empty, Input, Result, Spin, Tag } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { formatTime } from '@oa/shared/format/time';
import type { ArticleDetail, ArticleItem } from '@oa/shared/contract/news';
import { ArticleCover } from '../../features/news/article-cover';
import { newsApi } from '../../features/news/news.api';
import { errorMessage } from '../../lib/http-client';
import { RichHtml } from '../../lib/rich-html';
import { APPS_BASE } from './phone-apps';
import { PhoneBar } from './phone-bar';
import { PhoneFileLinks } from './phone-file-links';

const PAGE = 15;
/** the CSS width an article's pictures take on a phone (the screen less the card's padding), for their thumbnails */
const BODY_WIDTH = 328;

/** /m/apps/news: published news, top first, with covers as thumbnails; a title search; more on demand. */
export function PhoneNews() {
  const [keyword, setKeyword] = useState('');
  const q = useInfiniteQuery({
    queryKey: ['news', 'list', 'published', 'phone', keyword],
    queryFn: ({ pageParam }) => newsApi.list({ view: 'published', keyword: keyword || undefined, pageNumber: pageParam, pageSize: PAGE }),
    initialPageParam: 1,
    getNextPageParam: (last, all) =>
      last.list.length === PAGE && (last.more || all.length * PAGE < last.total) ? all.length + 1 : undefined,
  });
  const items = q.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <div className="m-page" data-testid="m-news">
      <PhoneBar title="新闻资讯" home={APPS_BASE} />
      <div className="m-filter">
        <Input.Search size="large" placeholder="搜索标题" aria-label="搜索标题" onSearch={(v) => setKeyword(v.trim())} />
      </div>
      {items.length === 0 ? (
        <Empty className="m-empty" description={q.isLoading ? '加载中…' : '暂无资讯'} />
      ) : (
        <ul className="m-cards">
          {items.map((a) => (
            <NewsCard key={a.id} a={a} />
          ))}
        </ul>
      )}
      {q.hasNextPage && (
        <Button className="m-more" size="large" loading={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
          加载更多
        </Button>
      )}
    </div>
  );
}

function NewsCard({ a }: { a: ArticleItem }) {
  return (
    <li>
      <Link to={`${APPS_BASE}/article?id=${encodeURIComponent(a.id)}`} className="m-card m-card-link m-news-card" data-testid="m-news-item">
        <span className="m-news-text">
          <span className="m-card-title">
            {a.isTop === 'Y' ? <Tag color="red">置顶</Tag> : null}
            {a.title}
          </span>
          <span className="m-card-foot">
            <span>{a.columnName}</span>
            <span>{a.publishedAt ? formatTime(a.publishedAt, '{y}-{m}-{d}') : ''}</span>
          </span>
        </span>
        <ArticleCover fileId={a.coverFile} width={96} height={72} />
      </Link>
    </li>
  );
}

/** /m/apps/article?id=: one article (the server's sanitised body, pictures as thumbnails for the screen), read counted once. */
export function PhoneArticle() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const q = useQuery({ queryKey: ['news', 'view', id], queryFn: () => newsApi.view(id), enabled: !!id, retry: false });
  return (
    <div className="m-page" data-testid="m-article">
      <PhoneBar title="资讯详情" home={`${APPS_BASE}/news`} />
      {!id ? (
        <Result status="warning" title="缺少信息编号" />
      ) : q.isError ? (
        <Result status="warning" title={errorMessage(q.error)} />
      ) : !q.data ? (
        <div className="m-center">
          <Spin size="large" />
        </div>
      ) : (
        <ArticleBody a={q.data} />
      )}
    </div>
  );
}

function ArticleBody({ a }: { a: ArticleDetail }) {
  return (
    <article className="m-card m-article">
      <h2 className="m-article-title" data-testid="m-article-title">
        {a.title}
      </h2>
      <p className="m-card-line">
        {[a.columnName, a.deptName ?? a.source, a.publishedAt ? formatTime(a.publishedAt, '{y}-{m}-{d} {h}:{i}') : null]
          .filter(Boolean)
          .join(' · ')}{' '}
        <EyeOutlined /> {a.readCount}
      </p>
      {a.coverPicked && a.coverFile ? (
        <ArticleCover fileId={a.coverFile} width={BODY_WIDTH} height={180} style={{ width: '100%' }} />
      ) : null}
      <RichHtml html={a.bodyHtml} imageWidth={BODY_WIDTH} className="m-article-body" />
      <PhoneFileLinks files={a.attachments} />
    </article>
  );
}
