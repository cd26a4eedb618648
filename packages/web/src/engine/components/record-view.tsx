import { Descriptions } from 'antd';
import { fieldsFor, type AnyModule } from '@oa/shared/modules/define-module';
import type { RecordItem } from '@oa/shared/contract/records';
import { FieldDisplay } from '../fields/field-display';
import { sectionsOf } from './record-form';
import { fmtTime } from './record-columns';
import { StatusTag } from './status-tag';

/** The fields shown read-only: system-set ones once they hold a value; none the viewer's node hides. */
export function visibleFields(m: AnyModule, record: RecordItem, hidden?: ReadonlySet<string>) {
  return fieldsFor(m, record.variant).filter(
    ([name, f]) => (!f.readonlyOnForm || (record.data[name] ?? null) !== null) && !hidden?.has(name),
  );
}

/** The record read-only: who, when, its number and status, then every field by section. */
export function RecordView({ m, record, hidden }: { m: AnyModule; record: RecordItem; hidden?: ReadonlySet<string> }) {
  const fields = visibleFields(m, record, hidden);
  return (
    <div data-testid="record-view">
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} className="oa-record-head">
        <Descriptions.Item label="编号">{record.serialNo ?? '（提交后生成）'}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <StatusTag status={record.status} />
        </Descriptions.Item>
        <Descriptions.Item label="申请人">{record.applicantName}</Descriptions.Item>
        <Descriptions.Item label="申请部门">{record.deptName ?? ''}</Descriptions.Item>
        <Descriptions.Item label="创建时间">{fmtTime(record.createdAt)}</Descriptions.Item>
        <Descriptions.Item label="提交时间">{fmtTime(record.submittedAt)}</Descriptions.Item>
      </Descriptions>
      {sectionsOf(m, fields).map((s, i) => (
        <Descriptions
          key={s.title ?? i}
          title={s.title ?? undefined}
          bordered
          size="small"
          column={{ xs: 1, md: 2 }}
          style={{ marginTop: 16 }}
          styles={{ label: { width: 140 } }}
        >
          {s.fields.map(([name, f]) => (
            <Descriptions.Item key={name} label={f.label} span={f.span === 2 || f.kind === 'table' ? 2 : 1}>
              <FieldDisplay field={f} value={record.data[name]} />
            </Descriptions.Item>
          ))}
        </Descriptions>
      ))}
    </div>
  );
}
