import { useCallback, useRef, useState } from 'react';
import { Button, Checkbox, Dropdown, Form, Modal, Popconfirm, Radio, Select, Space } from 'antd';
import { FilePdfOutlined, PrinterOutlined } from '@ant-design/icons';
import { mustSign as stepNeedsSignature } from '../must-sign';
import { SignaturePad, type SignaturePadHandle } from '../../components/signature-pad';
import { sheetApi } from '../sheet.api';
import { useNavigate } from 'react-router';
import { fieldsFor, type AnyModule } from '@oa/shared/modules/define-module';
import { validateRecord } from '@oa/shared/modules/field-schema';
import type { RecordDetail } from '@oa/shared/contract/records';
import type { InstanceView, WorkflowAction } from '@oa/shared/contract/workflow';
import { feedback } from '../../lib/feedback';
import { FieldInput } from '../fields/field-input';
import { processApi } from '../process.api';
import { recordsApi } from '../records.api';
import { usePeople } from '../use-module';
import { notifyError } from '../../lib/notify-error';
import { OpinionInput } from './opinion-input';

type Dialog = { kind: Exclude<WorkflowAction, 'withdraw' | 'urge'> } | { kind: 'module'; action: string };

const TITLES: Record<string, string> = {
  approve: '同意',
  reject: '驳回',
  return: '退回',
  transfer: '转交',
  addSign: '加签',
  comment: '评论',
};
const TASK_ACTIONS = ['approve', 'reject', 'return', 'transfer', 'addSign', 'comment'] as const;

/** What the current user may do on a record: approver actions, applicant actions, module actions, print. */
export function ApprovalActions({
  m,
  record,
  view,
  onDone,
  onEdit,
}: {
  m: AnyModule;
  record: RecordDetail;
  view: InstanceView | null;
  onDone: () => void;
  /** opens the form in place, for a module without an edit route (a single-route module's drawer) */
  onEdit?: () => void;
}) {
  const navigate = useNavigate();
  const { users } = usePeople();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<Record<string, unknown>>();
  const mine = view?.myActions ?? [];
  const task = view?.myTask ?? null;
  const pad = useRef<SignaturePadHandle>(null);
  const mustSign = stepNeedsSignature(view);
  const [signError, setSignError] = useState<string | null>(null);
  const onPadChange = useCallback((empty: boolean) => {
    if (!empty) setSignError(null);
  }, []);
  const instanceId = view?.current?.instanceId ?? record.instanceId;
  // the fields the approver's node lets them change; sent with 同意 as formPatch
  const editable = task
    ? fieldsFor(m, record.variant).filter(([name, f]) => view?.fieldPermissions[name] === 'edit' && !f.readonlyOnForm)
    : [];

  const run = async (fn: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await fn();
      feedback().message.success(done);
      setDialog(null);
      form.resetFields();
      onDone();
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    if (!dialog) return;
    // a missing opinion is shown under its field (antd); never an unhandled rejection
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const comment = typeof v.comment === 'string' && v.comment.trim() ? v.comment.trim() : undefined;
    if (dialog.kind === 'module') {
      const decl = m.actions![dialog.action];
      const check = validateRecord({ ...m, fields: decl.fields, rules: [] }, v);
      if (!check.ok) return form.setFields(check.issues.map((i) => ({ name: i.field, errors: [i.message] })));
      return run(() => recordsApi.action(m.code, record.id, dialog.action, check.data), `${decl.label}成功`);
    }
    const t = task?.taskId ?? '';
    switch (dialog.kind) {
      case 'approve': {
        const values = (v.patch ?? {}) as Record<string, unknown>;
        const changed = editable.filter(([name]) => JSON.stringify(values[name] ?? null) !== JSON.stringify(record.data[name] ?? null));
        const patch = changed.length ? Object.fromEntries(changed.map(([name]) => [name, values[name] ?? null])) : undefined;
        const png = await pad.current?.toPng();
        if (mustSign && !png) return setSignError('请在签名板上手写签名');
        return run(async () => {
          const signatureFileId = png ? await sheetApi.uploadSignature(png) : undefined;
          return processApi.approve(t, comment, patch, signatureFileId);
        }, '已同意');
      }
      case 'reject':
        return run(() => processApi.reject(t, comment ?? ''), '已驳回');
      case 'return':
        return run(() => processApi.sendBack(t, String(v.to), comment, v.to === 'initiator' && v.resubmitToMe === true), '已退回');
      case 'transfer':
        return run(() => processApi.transfer(t, String(v.toUser), comment), '已转交');
      case 'addSign':
        return run(() => processApi.addSign(t, String(v.toUser), v.position === 'before' ? 'before' : 'after', comment), '已加签');
      case 'comment':
        return run(() => processApi.comment(instanceId ?? '', comment ?? ''), '已评论');
    }
  };

  const open = (d: Dialog) => {
    form.resetFields();
    setSignError(null);
    setDialog(d);
  };
  const userOptions = users.map((u) => ({ value: u.userCode, label: `${u.userName}${u.deptName ? `（${u.deptName}）` : ''}` }));
  const editRoute = record.variant && m.variants?.[record.variant] ? m.variants[record.variant].route : m.routes.edit;
  const moduleDecl = dialog?.kind === 'module' ? m.actions?.[dialog.action] : undefined;

  return (
    <div className="oa-record-actions" data-testid="record-actions">
      <Space wrap>
        {TASK_ACTIONS.filter((a) => mine.includes(a) && (a === 'comment' || task)).map((a) => (
          <Button key={a} type={a === 'approve' ? 'primary' : 'default'} danger={a === 'reject'} onClick={() => open({ kind: a })}>
            {TITLES[a]}
          </Button>
        ))}
        {record.can.edit && (editRoute || onEdit) ? (
          <Button type="primary" onClick={() => (editRoute ? navigate(`${editRoute}?id=${record.id}`) : onEdit!())}>
            {record.status === 'draft' ? '编辑' : '修改并重新提交'}
          </Button>
        ) : null}
        {record.can.withdraw ? (
          <Popconfirm
            title="确定撤回该申请吗？"
            okText="撤回"
            cancelText="取消"
            onConfirm={() => run(() => recordsApi.withdraw(m.code, record.id), '已撤回')}
          >
            <Button>撤回</Button>
          </Popconfirm>
        ) : null}
        {mine.includes('urge') && instanceId ? (
          <Button onClick={() => run(() => processApi.urge(instanceId), '已催办')}>催办</Button>
        ) : null}
        {record.actions.map((a) => (
          <Button key={a} onClick={() => open({ kind: 'module', action: a })}>
            {m.actions?.[a]?.label ?? a}
          </Button>
        ))}
        {record.can.print ? (
          <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
            打印
          </Button>
        ) : null}
        {record.can.print ? (
          <Dropdown
            trigger={['hover', 'click']}
            menu={{
              items: [
                { key: 'pdf', label: 'PDF（A4）' },
                { key: 'docx', label: 'Word（可编辑）' },
              ],
              onClick: ({ key }) =>
                void sheetApi
                  .print(m.code, record.id, `${m.name}审批单-${record.serialNo ?? record.id}`, key === 'docx' ? 'docx' : 'pdf')
                  .catch(notifyError),
            }}
          >
            <Button icon={<FilePdfOutlined />} data-testid="print-sheet-button">
              打印审批单
            </Button>
          </Dropdown>
        ) : null}
      </Space>
      <Modal
        open={!!dialog}
        title={dialog ? (dialog.kind === 'module' ? moduleDecl?.label : TITLES[dialog.kind]) : ''}
        okText="确定"
        cancelText="取消"
        confirmLoading={busy}
        onOk={confirm}
        onCancel={() => setDialog(null)}
        // a typed opinion and a drawn signature are not thrown away by a click beside the dialog (取消 or × close it)
        maskClosable={false}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          {dialog?.kind === 'module' && moduleDecl
            ? Object.entries(moduleDecl.fields).map(([name, f]) => (
                <Form.Item key={name} name={name} label={f.label} required={f.required}>
                  <FieldInput field={f} />
                </Form.Item>
              ))
            : null}
          {dialog?.kind === 'approve'
            ? editable.map(([name, f]) => (
                <Form.Item
                  key={name}
                  name={['patch', name]}
                  label={f.label}
                  required={f.required}
                  initialValue={record.data[name]}
                  data-testid={`approve-edit-${name}`}
                >
                  <FieldInput field={f} />
                </Form.Item>
              ))
            : null}
          {dialog?.kind === 'return' ? (
            <Form.Item
              name="to"
              label="退回到"
              initialValue={view?.returnTargets[0]?.target}
              rules={[{ required: true, message: '请选择退回节点' }]}
            >
              <Select options={(view?.returnTargets ?? []).map((r) => ({ value: r.target, label: r.label }))} />
            </Form.Item>
          ) : null}
          {dialog?.kind === 'return' ? (
            <Form.Item noStyle shouldUpdate={(a, b) => a.to !== b.to}>
              {({ getFieldValue }) =>
                getFieldValue('to') === 'initiator' ? (
                  <Form.Item
                    name="resubmitToMe"
                    valuePropName="checked"
                    label="重新提交后"
                    extra="勾选后，发起人修改并重新提交时直接送回本节点，之前的审批保留；不勾选则从头重新审批"
                  >
                    <Checkbox data-testid="return-to-me">直接送回本节点</Checkbox>
                  </Form.Item>
                ) : null
              }
            </Form.Item>
          ) : null}
          {dialog?.kind === 'transfer' || dialog?.kind === 'addSign' ? (
            <Form.Item
              name="toUser"
              label={dialog.kind === 'transfer' ? '转交给' : '加签人'}
              rules={[{ required: true, message: '请选择人员' }]}
            >
              <Select showSearch optionFilterProp="label" options={userOptions} placeholder="请选择人员" />
            </Form.Item>
          ) : null}
          {dialog?.kind === 'addSign' ? (
            <Form.Item name="position" label="加签方式" initialValue="after">
              <Radio.Group
                options={[
                  { value: 'before', label: '在我之前' },
                  { value: 'after', label: '在我之后' },
                ]}
              />
            </Form.Item>
          ) : null}
          {dialog && dialog.kind !== 'module' ? (
            <Form.Item
              name="comment"
              label="审批意见"
              rules={
                dialog.kind === 'reject' || dialog.kind === 'comment'
                  ? [{ required: true, whitespace: true, message: dialog.kind === 'reject' ? '请填写驳回意见' : '请填写评论内容' }]
                  : []
              }
            >
              <OpinionInput
                people={users}
                placeholder={dialog.kind === 'approve' ? '同意（输入 @ 可提及他人）' : '请输入（输入 @ 可提及他人）'}
              />
            </Form.Item>
          ) : null}
          {dialog?.kind === 'approve' ? (
            <Form.Item
              label={mustSign ? '手写签名' : '手写签名（可选）'}
              required={mustSign}
              validateStatus={signError ? 'error' : undefined}
              help={signError ?? (mustSign ? '本环节需要手写签名，签名将显示在审批单上' : '签名将显示在审批记录和打印的审批单上')}
            >
              <SignaturePad ref={pad} onChange={onPadChange} />
            </Form.Item>
          ) : null}
        </Form>
      </Modal>
    </div>
  );
}
