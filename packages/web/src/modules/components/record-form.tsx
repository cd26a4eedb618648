import { Card, Col, Form, Row, type FormInstance } from 'antd';
import { fieldsFor, type AnyModule } from '@oa/shared/modules/define-module';
import { applyComputed } from '@oa/shared/modules/field-schema';
import type { AnyField } from '@oa/shared/modules/field';
import { FieldInput } from '../fields/field-input';

/** The sections of a form: declared ones, then the rest in one section. */
export function sectionsOf(m: AnyModule, fields: Array<[string, AnyField]>): Array<{ title: string | null; fields: Array<[string, AnyField]> }> {
  if (!m.sections?.length) return [{ title: null, fields }];
  const byName = new Map(fields);
  const used = new Set<string>();
  const out = m.sections.map((s) => ({
    title: s.title,
    fields: s.fields.filter((n) => byName.has(n)).map((n) => { used.add(n); return [n, byName.get(n)!] as [string, AnyField]; }),
  }));
  const rest = fields.filter(([n]) => !used.has(n));
  if (rest.length) out.push({ title: '其他', fields: rest });
  return out.filter((s) => s.fields.length);
}

/** The edit form of a module, generated from its fields (system-set fields are left out). */
export function RecordForm({ m, variant, form, initial }: { m: AnyModule; variant: string | null; form: FormInstance<Record<string, unknown>>; initial: Record<string, unknown> }) {
  const fields = fieldsFor(m, variant).filter(([, f]) => !f.readonlyOnForm);
  return (
    <Form
      form={form} layout="vertical" initialValues={applyComputed(m, initial)} requiredMark scrollToFirstError
      onValuesChange={(_changed, all) => {
        const next = applyComputed(m, all);
        for (const [name, f] of fields) if ('compute' in f && f.compute && next[name] !== all[name]) form.setFieldValue(name, next[name]);
      }}
    >
      {sectionsOf(m, fields).map((s, i) => (
        <Card key={s.title ?? i} size="small" title={s.title ?? undefined} variant="borderless" className="oa-module-section">
          <Row gutter={24}>
            {s.fields.map(([name, f]) => (
              <Col key={name} xs={24} md={f.span === 2 ? 24 : 12}>
                <Form.Item name={name} label={f.label} required={f.required} extra={f.help}>
                  <FieldInput field={f} />
                </Form.Item>
              </Col>
            ))}
          </Row>
        </Card>
      ))}
    </Form>
  );
}
