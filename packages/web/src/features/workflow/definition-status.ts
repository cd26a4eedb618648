import type { DefinitionStatus } from '@oa/shared/contract/workflow';

export const STATUS_TAGS: Record<DefinitionStatus, { color: string; text: string }> = {
  draft: { color: 'default', text: '草稿' },
  published: { color: 'success', text: '已发布' },
  archived: { color: 'default', text: '历史版本' },
};

/** '2026-11-22T04:46:02.000Z' → '2026-11-22 12:46' (local time). */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}
