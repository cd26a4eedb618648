import { useState } from 'react';
import { Alert, Switch, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { CONTRACT_EXPIRY_DAYS, contractRegister } from '@oa/shared/modules/hr-registers.module';
import type { RegisterRow } from '@oa/shared/contract/registers';
import { RegisterList } from '../../engine/register/register-list';

/** Days until a contract row ends (null: open-ended or not in force). */
export function daysToExpiry(r: Pick<RegisterRow, 'data'>, today = dayjs().format('YYYY-MM-DD')): number | null {
  const end = r.data.endDate;
  if (typeof end !== 'string' || r.data.state !== '履行中') return null;
  return dayjs(end).diff(dayjs(today), 'day');
}

/** /PersonalContractManage: contracts in force that end within 30 days are highlighted; a switch lists only those. */
export default function ContractPage() {
  const [onlyExpiring, setOnlyExpiring] = useState(false);
  const today = dayjs().format('YYYY-MM-DD');
  const until = dayjs().add(CONTRACT_EXPIRY_DAYS, 'day').format('YYYY-MM-DD');
  const preset = onlyExpiring ? { endDate: [today, until], state: ['履行中'] } : undefined;
  const tone = (r: RegisterRow) => {
    const d = daysToExpiry(r, today);
    return d === null ? '' : d < 0 ? 'oa-row-danger' : d <= CONTRACT_EXPIRY_DAYS ? 'oa-row-warning' : '';
  };
  return (
    <RegisterList
      m={contractRegister}
      presetFilters={preset}
      rowClassName={tone}
      extra={
        <Alert
          style={{ marginTop: 12 }}
          type="warning"
          showIcon
          message={
            <Space wrap>
              <Typography.Text>
                橙色为 {CONTRACT_EXPIRY_DAYS} 天内到期的合同，红色为已过期仍在履行中的合同，请及时办理续签或终止。
              </Typography.Text>
              <Switch
                checked={onlyExpiring}
                onChange={setOnlyExpiring}
                aria-label={`只看 ${CONTRACT_EXPIRY_DAYS} 天内到期`}
                data-testid="only-expiring"
              />{' '}
              只看 {CONTRACT_EXPIRY_DAYS} 天内到期
            </Space>
          }
        />
      }
    />
  );
}
