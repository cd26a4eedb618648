import { useState } from 'react';
import { Alert, Button, Form, Space, Spin } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { fieldsFor, type AnyModule } from '@oa/shared/modules/define-module';
import { validateRecord, type FieldIssue } from '@oa/shared/modules/field-schema';
import type { RecordItem } from '@oa/shared/contract/records';
import { errorMessage } from '../../lib/http-client';
import { feedback } from '../../lib/feedback';
import { recordsApi } from '../records.api';
import { usePicks } from './picks-dialog';
import { RecordForm } from './record-form';

const toPath = (field: string): Array<string | number> => field.replace(/^data\./, '').split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));

/**
 * The form of a record outside its own route (the drawer of a single-route module such as /Leave):
 * new or an editable record, checked in the browser with the same rules as the server, then saved or submitted.
 */
export function RecordEditor({ m, variant, id, onDone, onCancel }: {
  m: AnyModule; variant: string | null; id?: string; onDone: (saved: RecordItem, kind: 'save' | 'submit') => void; onCancel: () => void;
}) {
  const qc = useQueryClient();
  const [form] = Form.useForm<Record<string, unknown>>();
  const [busy, setBusy] = useState<'save' | 'submit' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const picker = usePicks(m);
  const q = useQuery({ queryKey: ['records', m.code, 'get', id], queryFn: () => recordsApi.get(m.code, id!), enabled: !!id });
  const record = q.data;
  const v = variant ?? record?.variant ?? null;

  const showIssues = (issues: FieldIssue[]) => {
    form.setFields(issues.map((i) => ({ name: toPath(i.field), errors: [i.message] })));
    setProblem(issues[0]?.message ?? null);
  };
  const send = async (kind: 'save' | 'submit') => {
    const data = form.getFieldsValue(true) as Record<string, unknown>;
    form.setFields(fieldsFor(m, v).map(([name]) => ({ name, errors: [] })));
    setProblem(null);
    const check = validateRecord(m, data, { variant: v, draft: kind === 'save' });
    if (!check.ok) return showIssues(check.issues);
    setBusy(kind);
    try {
      const picks = kind === 'submit' ? await picker.ask(data) : {};
      if (!picks) return;
      const body = { id: record?.id ?? id, variant: v, data, ...(Object.keys(picks).length ? { picks } : {}) };
      const saved = kind === 'save' ? await recordsApi.save(m.code, body) : await recordsApi.submit(m.code, body);
      await qc.invalidateQueries({ queryKey: ['records', m.code] });
      feedback().message.success(kind === 'save' ? '已保存草稿' : '提交成功');
      onDone(saved, kind);
    } catch (err) {
      setProblem(errorMessage(err));
    } finally {
      setBusy(null);
    }
  };

  if (id && q.isLoading) return <Spin />;
  if (id && q.error) return <Alert type="error" showIcon message={errorMessage(q.error, '记录加载失败')} />;
  if (record && !record.can.edit) return <Alert type="warning" showIcon message="该申请当前不能修改" />;
  return (
    <div className="oa-module-edit" data-testid={`module-edit-${m.code}`}>
      {problem ? <Alert type="error" showIcon message={problem} style={{ marginBottom: 16 }} data-testid="form-problem" /> : null}
      <RecordForm key={record?.id ?? 'new'} m={m} variant={v} form={form} initial={record?.data ?? {}} />
      <div className="oa-module-actions">
        <Space>
          <Button type="primary" loading={busy === 'submit'} disabled={!!busy} onClick={() => send('submit')}>提交</Button>
          <Button loading={busy === 'save'} disabled={!!busy} onClick={() => send('save')}>保存草稿</Button>
          <Button onClick={onCancel}>取消</Button>
        </Space>
      </div>
      {picker.dialog}
    </div>
  );
}
