import { chinaInstant } from '@oa/shared/format/china-time';
import { Alert, Space, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { contractModule } from '@oa/shared/modules/contract.module';
import type { RecordItem } from '@oa/shared/contract/records';
import { recordsApi } from '../../engine/records.api';
import { RecordList } from '../../engine/components/record-list';

const DAY = 86_400_000;

/** Approved contracts whose term ends within their reminder days (default 30), soonest first. */
export function expiring(rows: RecordItem[], now = Date.now()): Array<{ r: RecordItem; days: number }> {
  return rows
    .flatMap((r) => {
      const term = r.data.term;
      if (r.status !== 'approved' || !Array.isArray(term) || typeof term[1] !== 'string') return [];
      const days = Math.ceil((Date.parse(chinaInstant(term[1], '23:59:59')) - now) / DAY);
      const remind = typeof r.data.remindDays === 'number' ? r.data.remindDays : 30;
      return days <= remind ? [{ r, days }] : [];
    })
    .sort((a, b) => a.days - b.days);
}

/** 合同台账 (/contractManage): every contract, with the expiry reminders on top. */
export default function ContractManagePage() {
  const navigate = useNavigate();
  const all = useQuery({
    queryKey: ['records', 'oa_contract', 'expiring'],
    queryFn: () => recordsApi.list('oa_contract', { pageNumber: 1, pageSize: 500, view: 'manage', filters: { status: ['approved'] } }),
  });
  const soon = expiring(all.data?.list ?? []);
  const banner = soon.length ? (
    <Alert
      type="warning"
      showIcon
      style={{ marginTop: 12 }}
      data-testid="contract-expiry"
      message={`${soon.length} 份合同即将到期或已到期`}
      description={
        <Space direction="vertical" size={2}>
          {soon.slice(0, 10).map(({ r, days }) => (
            <a key={r.id} onClick={() => navigate(`${contractModule.routes.preview}?id=${r.id}`)}>
              {r.title} <Tag color={days < 0 ? 'error' : 'warning'}>{days < 0 ? `已过期 ${-days} 天` : `${days} 天后到期`}</Tag>
            </a>
          ))}
        </Space>
      }
    />
  ) : null;
  return <RecordList m={contractModule} initialView="manage" extra={banner} />;
}
