import { useEffect, useState } from 'react';
import { Alert, Button, Card, Drawer, Empty, Form, Space, Steps, Tag } from 'antd';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { SUBJECT_STATUS_COLORS, SUBJECT_STATUS_LABELS, type SubjectDetail } from '@oa/shared/contract/subjects';
import type { StepField } from '@oa/shared/contract/subjects-steps';
import { feedback } from '../../lib/feedback';
import { notifyError } from '../../lib/notify-error';
import { fwebApi } from './fweb.api';
import { StepActions, StepFields, checkStep } from './step-form';
import { StepView } from '../../components/subject-step-view';
import { FW } from './foundation-routes';

export interface WizardSpec {
  /** 'subjectDeclare' | 'contract' */
  base: string;
  title: string;
  steps: ReadonlyArray<{ key: string; title: string }>;
  fields: Readonly<Record<string, readonly StepField[]>>;
  schemas: Readonly<Record<string, z.ZodType>>;
  dataOf: (s: SubjectDetail) => Record<string, unknown>;
  editable: (s: SubjectDetail) => boolean;
  save: (id: string, step: string, data: Record<string, unknown>) => Promise<unknown>;
  submit: (id: string) => Promise<unknown>;
  submitted: string;
}

/** A multi-step form: each step saved as a draft and validated on its own; a final review before submitting. */
export function StepWizard({ spec }: { spec: WizardSpec }) {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const stepKey = pathname.split('/').pop() ?? '';
  const index = Math.max(
    0,
    spec.steps.findIndex((s) => s.key.toLowerCase() === stepKey.toLowerCase()),
  );
  const step = spec.steps[index];
  const [form] = Form.useForm<Record<string, unknown>>();
  const [busy, setBusy] = useState(false);
  const [review, setReview] = useState(false);
  const q = useQuery({ queryKey: ['fweb-subject', id], queryFn: () => fwebApi.subject(id), enabled: !!id });
  const s = q.data;

  useEffect(() => {
    form.resetFields();
    if (s) form.setFieldsValue((spec.dataOf(s)[step.key] as Record<string, unknown>) ?? {});
  }, [s, step.key, form, spec]);

  if (!id) return <Empty description="请从“我的课题”中选择课题" />;
  if (!s) return <Card loading />;
  const editable = spec.editable(s);
  const go = (i: number): void => void navigate(`${FW}/${spec.base}/${spec.steps[i].key}?id=${encodeURIComponent(id)}`);

  const save = async (): Promise<boolean> => {
    const values = form.getFieldsValue(true) as Record<string, unknown>;
    const data = checkStep(form, spec.schemas[step.key], values);
    if (!data) {
      feedback().message.error(`请检查「${step.title}」中标红的内容`);
      return false;
    }
    setBusy(true);
    try {
      await spec.save(id, step.key, data);
      await qc.invalidateQueries({ queryKey: ['fweb-subject', id] });
      feedback().message.success(`「${step.title}」已保存`);
      return true;
    } catch (err) {
      notifyError(err);
      return false;
    } finally {
      setBusy(false);
    }
  };
  const next = async () => {
    if (!(await save())) return;
    if (index < spec.steps.length - 1) go(index + 1);
    else setReview(true);
  };
  const submit = async () => {
    setBusy(true);
    try {
      await spec.submit(id);
      feedback().message.success(spec.submitted);
      setReview(false);
      await qc.invalidateQueries({ queryKey: ['fweb-subject'] });
      await qc.invalidateQueries({ queryKey: ['fweb-subjects'] });
      navigate(`${FW}/sub`);
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };
  const data = spec.dataOf(s);

  return (
    <Card
      title={
        <Space>
          {spec.title}
          <span style={{ fontWeight: 400 }}>· {s.name}</span>
          <Tag color={SUBJECT_STATUS_COLORS[s.status]}>{SUBJECT_STATUS_LABELS[s.status]}</Tag>
        </Space>
      }
      extra={<Button onClick={() => setReview(true)}>预览全部</Button>}
      data-testid={`fweb-${spec.base}`}
    >
      <Steps
        size="small"
        current={index}
        onChange={(i) => go(i)}
        style={{ marginBottom: 24 }}
        items={spec.steps.map((x) => ({ title: x.title, status: x.key === step.key ? 'process' : data[x.key] ? 'finish' : 'wait' }))}
      />
      {!editable && <Alert type="info" showIcon style={{ marginBottom: 16 }} message="当前状态不能修改，以下为已填写的内容。" />}
      <Form form={form} layout="vertical" disabled={!editable} data-testid={`step-${step.key}`}>
        <StepFields fields={spec.fields[step.key]} />
      </Form>
      {editable && (
        <StepActions
          busy={busy}
          onPrev={index > 0 ? () => go(index - 1) : undefined}
          onSave={() => void save()}
          onNext={() => void next()}
          nextLabel={index < spec.steps.length - 1 ? '保存并下一步' : '保存并预览'}
        />
      )}
      <Drawer
        title={`${spec.title}预览`}
        open={review}
        onClose={() => setReview(false)}
        width={900}
        destroyOnHidden
        extra={
          editable && (
            <Button type="primary" loading={busy} onClick={() => void submit()}>
              确认提交
            </Button>
          )
        }
      >
        <div data-testid="fweb-review">
          <StepView steps={spec.steps} fields={spec.fields} data={data} />
        </div>
      </Drawer>
    </Card>
  );
}
