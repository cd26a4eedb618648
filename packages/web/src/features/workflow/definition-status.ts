import type { DefinitionStatus } from '@oa/shared/contract/workflow';

export const STATUS_TAGS: Record<DefinitionStatus, { color: string; text: string }> = {
  draft: { color: 'default', text: '草稿' },
  published: { color: 'success', text: '已发布' },
  archived: { color: 'default', text: '历史版本' },
};
