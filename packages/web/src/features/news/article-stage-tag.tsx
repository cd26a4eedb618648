import { Tag } from 'antd';
import { ARTICLE_STAGE_LABEL, type ArticleStage } from '@oa/shared/contract/news';

const COLOR: Record<ArticleStage, string> = {
  draft: 'default',
  review: 'processing',
  returned: 'warning',
  scheduled: 'cyan',
  published: 'success',
  withdrawn: 'default',
};

/** An article's stage as people read it: a published article before its time is 待发布. */
export function ArticleStageTag({ stage }: { stage: ArticleStage }) {
  return <Tag color={COLOR[stage]}>{ARTICLE_STAGE_LABEL[stage]}</Tag>;
}
