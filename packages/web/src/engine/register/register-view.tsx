import { Descriptions, Drawer } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { AnyModule } from '@oa/shared/modules/define-module';
import { FieldDisplay } from '../fields/field-display';
import { fmtTime } from '../components/record-columns';
import { registerApi } from './register.api';

/** A register row, read-only, in a drawer. */
export function RegisterView({ m, id, onClose }: { m: AnyModule; id: string | null; onClose: () => void }) {
  const q = useQuery({ queryKey: ['records', m.code, 'get', id], queryFn: () => registerApi.get(m.code, id!), enabled: !!id });
  const r = q.data;
  return (
    <Drawer title={`${m.name}详情`} open={!!id} width={720} onClose={onClose} destroyOnHidden loading={q.isLoading}>
      {r ? (
        <Descriptions column={2} bordered size="small" data-testid="register-view">
          {Object.entries(m.fields).map(([name, f]) => (
            <Descriptions.Item key={name} label={f.label} span={f.span === 2 || f.kind === 'textarea' || f.kind === 'attachments' ? 2 : 1}>
              <FieldDisplay field={f} value={r.data[name]} />
            </Descriptions.Item>
          ))}
          <Descriptions.Item label="编号">{r.serialNo}</Descriptions.Item>
          <Descriptions.Item label="登记人">{r.applicantName}</Descriptions.Item>
          <Descriptions.Item label="登记时间">{fmtTime(r.createdAt)}</Descriptions.Item>
          <Descriptions.Item label="更新时间">{fmtTime(r.updatedAt)}</Descriptions.Item>
        </Descriptions>
      ) : null}
    </Drawer>
  );
}
