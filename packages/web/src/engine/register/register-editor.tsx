import { useState } from 'react';
import { Alert, Button, Form, Space, Spin } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnyModule } from '@oa/shared/modules/define-module';
import { validateRecord, type FieldIssue } from '@oa/shared/modules/field-schema';
import type { RegisterRow } from '@oa/shared/contract/registers';
import { errorMessage } from '../../lib/http-client';
import { feedback } from '../../lib/feedback';
import { registerApi } from './register.api';
import { RegisterForm } from './register-form';

/** Adds or edits a register row: checked in the browser with the server's rules, then saved at once. */
export function RegisterEditor({
  m,
  id,
  onDone,
  onCancel,
  extraButtons,
}: {
  m: AnyModule;
  id: string | null;
  onDone: (saved: RegisterRow) => void;
  onCancel: () => void;
  extraButtons?: (save: () => Promise<RegisterRow | null>) => React.ReactNode;
}) {
  const qc = useQueryClient();
  const [form] = Form.useForm<Record<string, unknown>>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const q = useQuery({ queryKey: ['records', m.code, 'get', id], queryFn: () => registerApi.get(m.code, id!), enabled: !!id });

  const showIssues = (issues: FieldIssue[]) => {
    form.setFields(issues.map((i) => ({ name: i.field.split('.')[0], errors: [i.message] })));
    setProblem(issues[0]?.message ?? null);
  };
  const save = async (): Promise<RegisterRow | null> => {
    const data = form.getFieldsValue(true) as Record<string, unknown>;
    form.setFields(Object.keys(m.fields).map((name) => ({ name, errors: [] })));
    setProblem(null);
    const input = { ...data };
    for (const [name, f] of Object.entries(m.fields)) if (f.readonlyOnForm) input[name] = q.data?.data[name] ?? null;
    const check = validateRecord(m, input);
    if (!check.ok) {
      showIssues(check.issues.filter((i) => !m.fields[i.field.split('.')[0]]?.readonlyOnForm));
      return null;
    }
    setBusy(true);
    try {
      const saved = await registerApi.save(m.code, { id: id ?? undefined, data });
      await qc.invalidateQueries({ queryKey: ['records', m.code] });
      return saved;
    } catch (err) {
      setProblem(errorMessage(err));
      return null;
    } finally {
      setBusy(false);
    }
  };
  const onSave = async () => {
    const saved = await save();
    if (saved) {
      feedback().message.success(id ? '已保存' : '已新增');
      onDone(saved);
    }
  };

  if (id && q.isLoading) return <Spin />;
  if (id && q.error) return <Alert type="error" showIcon message={errorMessage(q.error, '记录加载失败')} />;
  return (
    <div className="oa-module-edit" data-testid={`register-edit-${m.code}`}>
      {problem ? <Alert type="error" showIcon message={problem} style={{ marginBottom: 16 }} data-testid="form-problem" /> : null}
      <RegisterForm key={q.data?.id ?? 'new'} m={m} form={form} initial={q.data?.data ?? {}} />
      <div className="oa-module-actions">
        <Space>
          <Button type="primary" loading={busy} onClick={onSave}>
            保存
          </Button>
          {extraButtons?.(save)}
          <Button onClick={onCancel}>取消</Button>
        </Space>
      </div>
    </div>
  );
}
