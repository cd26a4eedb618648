import { useState } from 'react';
import { Alert, Button, Card, Form, Space, Spin, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { validateRecord, type FieldIssue } from '@oa/shared/modules/field-schema';
import { BusinessError, HttpError, errorMessage } from '../../lib/http-client';
import { feedback } from '../../lib/feedback';
import { useTabs } from '../../app/state/tabs.store';
import { useTabRoute } from '../../lib/tab-route';
import { usePicks } from '../components/picks-dialog';
import { RecordForm } from '../components/record-form';
import { StatusTag } from '../components/status-tag';
import { recordsApi } from '../records.api';
import { useModuleRoute } from '../use-module';
import '../modules.css';

const toPath = (field: string): Array<string | number> => field.replace(/^data\./, '').split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));

/** The edit page of any module (/stampEdit, /lendEdit, /btripEdit, /seniorEdit …): new or ?id=<draft>. */
export default function ModuleEditPage() {
  const { module: m, variant: routeVariant } = useModuleRoute();
  const [params] = useSearchParams();
  const id = params.get('id') ?? undefined;
  const navigate = useNavigate();
  const qc = useQueryClient();
  const tab = useTabRoute();
  const closeView = useTabs((s) => s.closeView);
  const [form] = Form.useForm<Record<string, unknown>>();
  const [busy, setBusy] = useState<'save' | 'submit' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const picker = usePicks(m);
  const q = useQuery({ queryKey: ['records', m.code, 'get', id], queryFn: () => recordsApi.get(m.code, id!), enabled: !!id });
  const record = q.data;
  const variant = routeVariant ?? record?.variant ?? null;

  // every issue shows under its top-level field (a sub-table's cell issue under the table)
  const showIssues = (issues: FieldIssue[]) => {
    form.setFields(issues.map((i) => ({ name: String(toPath(i.field)[0]), errors: [i.message] })));
    setProblem(issues[0]?.message ?? null);
  };

  const send = async (kind: 'save' | 'submit') => {
    const data = form.getFieldsValue(true) as Record<string, unknown>;
    form.setFields(Object.keys(data).map((name) => ({ name, errors: [] })));
    setProblem(null);
    const check = validateRecord(m, data, { variant, draft: kind === 'save' });
    if (!check.ok) return showIssues(check.issues);
    setBusy(kind);
    try {
      const picks = kind === 'submit' ? await picker.ask(data) : {};
      if (!picks) return;
      const body = { id, variant, data, ...(Object.keys(picks).length ? { picks } : {}) };
      const saved = kind === 'save' ? await recordsApi.save(m.code, body) : await recordsApi.submit(m.code, body);
      await qc.invalidateQueries({ queryKey: ['records', m.code] });
      feedback().message.success(kind === 'save' ? '已保存草稿' : '提交成功');
      closeView(tab.path);
      navigate(kind === 'save' ? `${tab.path}?id=${saved.id}` : m.routes.preview ? `${m.routes.preview}?id=${saved.id}` : m.routes.list);
    } catch (err) {
      if (err instanceof HttpError && err.status === 400) setProblem(err.message);
      else if (err instanceof BusinessError || err instanceof HttpError) setProblem(err.message);
      else setProblem(errorMessage(err));
    } finally {
      setBusy(null);
    }
  };

  if (id && q.isLoading) return <div className="oa-page"><Spin /></div>;
  if (id && q.error) return <div className="oa-page"><Alert type="error" showIcon message={errorMessage(q.error, '记录加载失败')} /></div>;
  if (record && !record.can.edit) {
    return <div className="oa-page"><Alert type="warning" showIcon message="该申请当前不能修改" action={<Button onClick={() => navigate(m.routes.preview ? `${m.routes.preview}?id=${record.id}` : m.routes.list)}>查看详情</Button>} /></div>;
  }
  const title = variant && m.variants?.[variant] ? `${m.variants[variant].label}申请` : m.name;
  return (
    <div className="oa-page oa-module-edit" data-testid={`module-edit-${m.code}`}>
      <Card variant="borderless" title={<Space><Typography.Text strong style={{ fontSize: 16 }}>{title}</Typography.Text>{record ? <StatusTag status={record.status} /> : null}{record?.serialNo ? <Typography.Text type="secondary">编号：{record.serialNo}</Typography.Text> : null}</Space>}>
        {problem ? <Alert type="error" showIcon message={problem} style={{ marginBottom: 16 }} data-testid="form-problem" /> : null}
        <RecordForm key={record?.id ?? 'new'} m={m} variant={variant} form={form} initial={record?.data ?? {}} />
        <div className="oa-module-actions">
          <Space>
            <Button type="primary" loading={busy === 'submit'} disabled={!!busy} onClick={() => send('submit')}>提交</Button>
            <Button loading={busy === 'save'} disabled={!!busy} onClick={() => send('save')}>保存草稿</Button>
            <Button onClick={() => { closeView(tab.path); navigate(m.routes.list); }}>返回</Button>
          </Space>
        </div>
        {picker.dialog}
      </Card>
    </div>
  );
}

