import { useState } from 'react';
import { Alert, Form, Modal } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { AnyModule } from '@oa/shared/modules/define-module';
import { validateRecord } from '@oa/shared/modules/field-schema';
import { errorMessage } from '../../lib/http-client';
import { feedback } from '../../lib/feedback';
import { registerApi } from './register.api';
import { RegisterForm } from './register-form';

/** A module action on a row (licence lending, suggestion reply, publishing), with the action's own small form. */
export function RegisterActionModal({
  m,
  target,
  onClose,
}: {
  m: AnyModule;
  target: { id: string; action: string } | null;
  onClose: () => void;
}) {
  const qc = useQueryClient();
  const [form] = Form.useForm<Record<string, unknown>>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const decl = target ? m.actions?.[target.action] : undefined;
  const actionModule = { ...m, fields: decl?.fields ?? {}, rules: [], sections: [] } as AnyModule;
  const run = async () => {
    if (!target || !decl) return;
    const payload = form.getFieldsValue(true) as Record<string, unknown>;
    const check = validateRecord(actionModule, payload);
    if (!check.ok) {
      form.setFields(check.issues.map((i) => ({ name: i.field, errors: [i.message] })));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await registerApi.action(m.code, target.id, target.action, payload);
      await qc.invalidateQueries({ queryKey: ['records', m.code] });
      feedback().message.success(`${decl.label}成功`);
      onClose();
    } catch (err) {
      setProblem(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title={decl?.label}
      open={!!target}
      onCancel={onClose}
      onOk={run}
      okText="确定"
      cancelText="取消"
      confirmLoading={busy}
      destroyOnHidden
      maskClosable={false}
    >
      {problem ? <Alert type="error" showIcon message={problem} style={{ marginBottom: 12 }} /> : null}
      {decl && Object.keys(decl.fields).length ? <RegisterForm m={actionModule} form={form} initial={{}} /> : <p>确定{decl?.label}吗？</p>}
    </Modal>
  );
}
