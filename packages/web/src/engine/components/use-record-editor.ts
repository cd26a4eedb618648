import { useState } from 'react';
import { Form } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { fieldsFor, type AnyModule } from '@oa/shared/modules/define-module';
import { validateRecord, type FieldIssue } from '@oa/shared/modules/field-schema';
import type { RecordItem } from '@oa/shared/contract/records';
import { errorMessage } from '../../lib/http-client';
import { feedback } from '../../lib/feedback';
import { recordsApi } from '../records.api';
import { usePicks } from './picks-dialog';

/** 'data.itinerary.0.date' → 'itinerary': issues show under their top-level field (a cell's under its table). */
const topField = (field: string): string => field.replace(/^data\./, '').split('.')[0];

/**
 * Loading, checking (the server's rules, in the browser), and saving or submitting one record — shared by
 * the module edit page and the drawer form of single-route modules. `send` answers the saved record, or
 * null when the form was refused, the pick dialog cancelled or the server said no (then `problem` says why).
 */
export function useRecordEditor(m: AnyModule, opts: { id?: string; variant: string | null }) {
  const qc = useQueryClient();
  const [form] = Form.useForm<Record<string, unknown>>();
  const [busy, setBusy] = useState<'save' | 'submit' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const picker = usePicks(m);
  const query = useQuery({
    queryKey: ['records', m.code, 'get', opts.id],
    queryFn: () => recordsApi.get(m.code, opts.id!),
    enabled: !!opts.id,
  });
  const record = query.data;
  const variant = opts.variant ?? record?.variant ?? null;

  const showIssues = (issues: FieldIssue[]) => {
    form.setFields(issues.map((i) => ({ name: topField(i.field), errors: [i.message] })));
    setProblem(issues[0]?.message ?? null);
  };

  const send = async (kind: 'save' | 'submit'): Promise<RecordItem | null> => {
    const data = form.getFieldsValue(true) as Record<string, unknown>;
    form.setFields(fieldsFor(m, variant).map(([name]) => ({ name, errors: [] })));
    setProblem(null);
    const check = validateRecord(m, data, { variant, draft: kind === 'save' });
    if (!check.ok) {
      showIssues(check.issues);
      return null;
    }
    setBusy(kind);
    try {
      const picks = kind === 'submit' ? await picker.ask(data) : {};
      if (!picks) return null;
      const body = { id: record?.id ?? opts.id, variant, data, ...(Object.keys(picks).length ? { picks } : {}) };
      const saved = kind === 'save' ? await recordsApi.save(m.code, body) : await recordsApi.submit(m.code, body);
      await qc.invalidateQueries({ queryKey: ['records', m.code] });
      feedback().message.success(kind === 'save' ? '已保存草稿' : '提交成功');
      return saved;
    } catch (err) {
      setProblem(errorMessage(err));
      return null;
    } finally {
      setBusy(null);
    }
  };

  return { form, query, record, variant, busy, problem, send, picksDialog: picker.dialog };
}
