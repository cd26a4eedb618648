import { RECORD_STATUSES, STATUS_COLORS, STATUS_LABELS, type RecordStatus } from '@oa/shared/modules/define-module';

/** Process/record statuses for tags and filters: the labels and colours of @oa/shared (one source). */
type InstanceStatus = Exclude<RecordStatus, 'draft'>;
export const INSTANCE_STATUS = Object.fromEntries(
  RECORD_STATUSES.filter((s): s is InstanceStatus => s !== 'draft').map((s) => [s, { color: STATUS_COLORS[s], text: STATUS_LABELS[s] }]),
) as Record<InstanceStatus, { color: string; text: string }>;

/** ISO → 'YYYY-MM-DD HH:mm' (local time); '—' when empty. */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}
