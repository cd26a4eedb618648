import { useQuery } from '@tanstack/react-query';
import { SEAL_API, type UsableSeal } from '@oa/shared/contract/seals';
import { http, unwrap } from '../../lib/http-client';
import { LabelSelect } from '../../lib/label-select';

export interface SealChoice {
  sealId: string | null;
  stampRecordId: string | null;
}

/**
 * 印制's seal: the seals the clerk keeps, and those named by their approved 用印 applications (the server decides
 * which; it checks again at 印制). Empty: printed without a seal.
 */
export function DocSealSelect({ value, onChange }: { value: SealChoice; onChange: (v: SealChoice) => void }) {
  const usable = useQuery({ queryKey: ['usable-seals'], queryFn: async () => unwrap(await http.get<UsableSeal[]>(SEAL_API.usable)) });
  const options = (usable.data ?? []).flatMap((s) => [
    ...(s.keeper ? [{ value: `${s.id}|`, label: `${s.name}（保管人用印）` }] : []),
    ...s.applications.map((a) => ({ value: `${s.id}|${a.id}`, label: `${s.name}（用印申请 ${a.serialNo ?? a.title}）` })),
  ]);
  if (!options.length) return null;
  const current = value.sealId ? `${value.sealId}|${value.stampRecordId ?? ''}` : undefined;
  return (
    <LabelSelect
      allowClear
      placeholder="加盖印章（可选）"
      aria-label="加盖印章（可选）"
      style={{ minWidth: 280 }}
      data-testid="desk-seal"
      value={current}
      onChange={(v: string | undefined) => {
        const [sealId, recordId] = (v ?? '|').split('|');
        onChange({ sealId: sealId || null, stampRecordId: recordId || null });
      }}
      options={options}
    />
  );
}
