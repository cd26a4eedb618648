import { Card, Result, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/http-client';
import { ArticleView } from './article-view';
import { newsApi } from './news.api';

/** /information/view?id=: read an article (counts the read once per person). */
export default function NewsViewPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const q = useQuery({ queryKey: ['news', 'view', id], queryFn: () => newsApi.view(id), enabled: !!id });
  return (
    <div className="oa-page" data-testid="news-view">
      <Card variant="borderless">
        {!id ? (
          <Result status="404" title="缺少信息编号" />
        ) : q.isLoading ? (
          <Spin />
        ) : q.error ? (
          <Result status="warning" title={errorMessage(q.error)} />
        ) : q.data ? (
          <ArticleView a={q.data} />
        ) : null}
      </Card>
    </div>
  );
}
