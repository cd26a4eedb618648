import { Result } from 'antd';
import { useMatches } from 'react-router';
import { useTabRoute } from '../../lib/tab-route';

interface Handle {
  title?: string;
}

/** Any menu route without a page yet: a clear notice, never a blank page. */
export default function NotOpenPage() {
  const tab = useTabRoute();
  const matches = useMatches();
  const handleTitle = (matches[matches.length - 1]?.handle as Handle | undefined)?.title;
  const title = tab.title || handleTitle || '';
  return (
    <div className="oa-page" data-testid="not-open-page">
      <Result
        status="info"
        title={title || '该功能暂未开放'}
        subTitle={title ? '该功能暂未开放，敬请期待。如有需要请联系信息中心。' : '敬请期待。如有需要请联系信息中心。'}
      />
    </div>
  );
}
