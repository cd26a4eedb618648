import type { ReactNode } from 'react';
import { Card, Col, Form, Row, type FormInstance } from 'antd';
import { fieldsFor, type AnyModule } from '@oa/shared/modules/define-module';
import { applyComputed } from '@oa/shared/modules/field-schema';
import type { AnyField } from '@oa/shared/modules/field';
import { FieldInput } from '../fields/field-input';

/** The sections of a form: declared ones, then the rest in one section. */
export function sectionsOf(
  m: AnyModule,
  fields: Array<[string, AnyField]>,
): Array<{ title: string | null; fields: Array<[string, AnyField]> }> {
  if (!m.sections?.length) return [{ title: null, fields }];
  const byName = new Map(fields);
  const used = new Set<string>();
  const out = m.sections.map((s) => ({
    title: s.title,
    fields: s.fields
      .filter((n) => byName.has(n))
      .map((n) => {
        used.add(n);
        return [n, byName.get(n)!] as [string, AnyField];
      }),
  }));
  const rest = fields.filter(([n]) => !used.has(n));
  if (rest.length) out.push({ title: '其他', fields: rest });
  return out.filter((s) => s.fields.length);
}

/**
 * A module's fields as one antd form, in their sections, with computed fields kept up to date: the one form
 * body of application records (RecordForm) and register rows (register/register-form.tsx), which differ only
 * in the input of a field.
 */
export function ModuleFieldsForm({
  m,
  form,
  initial,
  fields,
  input,
}: {
  m: AnyModule;
  form: FormInstance<Record<string, unknown>>;
  initial: Record<string, unknown>;
  fields: Array<[string, AnyField]>;
  input: (name: string, field: AnyField) => ReactNode;
}) {
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={applyComputed(m, initial)}
      requiredMark
      scrollToFirstError
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
                  {input(name, f)}
                </Form.Item>
              </Col>
            ))}
          </Row>
        </Card>
      ))}
    </Form>
  );
}

/** The edit form of a module, generated from its fields (system-set fields are left out). */
export function RecordForm({
  m,
  variant,
  form,
  initial,
}: {
  m: AnyModule;
  variant: string | null;
  form: FormInstance<Record<string, unknown>>;
  initial: Record<string, unknown>;
}) {
  const fields = fieldsFor(m, variant).filter(([, f]) => !f.readonlyOnForm);
  return <ModuleFieldsForm m={m} form={form} initial={initial} fields={fields} input={(_name, f) => <FieldInput field={f} />} />;
}
