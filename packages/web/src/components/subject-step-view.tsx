import { Descriptions, Table, Typography } from 'antd';
import { formatMoney } from '@oa/shared/format/money';
import type { StepField } from '@oa/shared/contract/subjects-steps';

/** Read-only view of the steps of a declaration or a contract (the final review page). */

const show = (f: StepField, v: unknown): string => {
  if (v === undefined || v === null || v === '') return '—';
  if (f.kind === 'money') return `${formatMoney(Number(v))} 元`;
  if (f.kind === 'check') return v ? '已确认' : '未确认';
  return String(v);
};

export function StepView({
  steps,
  fields,
  data,
}: {
  steps: ReadonlyArray<{ key: string; title: string }>;
  fields: Readonly<Record<string, readonly StepField[]>>;
  data: Record<string, unknown>;
}) {
  return (
    <>
      {steps.map((s) => {
        const v = (data[s.key] ?? null) as Record<string, unknown> | null;
        return (
          <div key={s.key} style={{ marginBottom: 16 }} data-testid={`view-${s.key}`}>
            <Typography.Title level={5}>
              {s.title}
              {!v && (
                <Typography.Text type="danger" style={{ fontSize: 13, marginLeft: 8 }}>
                  （未填写）
                </Typography.Text>
              )}
            </Typography.Title>
            {v && (
              <Descriptions bordered size="small" column={2}>
                {fields[s.key].map((f) =>
                  f.kind === 'rows' ? (
                    <Descriptions.Item key={f.name} label={f.label} span={2}>
                      <Table
                        size="small"
                        pagination={false}
                        rowKey={(_, i) => String(i)}
                        dataSource={(v[f.name] as Array<Record<string, unknown>>) ?? []}
                        columns={(f.columns ?? []).map((c) => ({ title: c.label, dataIndex: c.name, render: (x: unknown) => show(c, x) }))}
                      />
                    </Descriptions.Item>
                  ) : (
                    <Descriptions.Item key={f.name} label={f.label} span={f.kind === 'textarea' || f.kind === 'check' ? 2 : 1}>
                      <span style={{ whiteSpace: 'pre-wrap' }}>{show(f, v[f.name])}</span>
                    </Descriptions.Item>
                  ),
                )}
              </Descriptions>
            )}
          </div>
        );
      })}
    </>
  );
}
