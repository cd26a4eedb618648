import { Checkbox, Form, Radio, Select } from 'antd';
import { SignaturePad } from '../../components/signature-pad';
import { FieldInput } from '../fields/field-input';
import { usePeople } from '../use-module';
import { OpinionInput } from './opinion-input';
import type { RecordActions } from './use-record-actions';

/**
 * The inputs of the open action (`useRecordActions`): the module action's fields, the approver's editable fields,
 * the step to return to, the person to transfer to or add, the opinion (with @) and, with 同意, the handwritten
 * signature pad. The desktop shows it in a dialog, the phone app in a sheet; `large` gives touch-sized inputs.
 */
export function RecordActionForm({ a, large }: { a: RecordActions; large?: boolean }) {
  const { users } = usePeople();
  const { dialog, moduleDecl, record, view, form, editable, mustSign, signError, setPad, onPadChange } = a;
  const size = large ? 'large' : undefined;
  const userOptions = users.map((u) => ({ value: u.userCode, label: `${u.userName}${u.deptName ? `（${u.deptName}）` : ''}` }));
  return (
    <Form form={form} layout="vertical" preserve={false} size={size}>
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
          {large ? (
            <Radio.Group
              className="oa-return-targets"
              options={(view?.returnTargets ?? []).map((r) => ({ value: r.target, label: r.label }))}
            />
          ) : (
            <Select options={(view?.returnTargets ?? []).map((r) => ({ value: r.target, label: r.label }))} />
          )}
        </Form.Item>
      ) : null}
      {dialog?.kind === 'return' ? (
        <Form.Item noStyle shouldUpdate={(x, y) => x.to !== y.to}>
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
          label={large && dialog.kind === 'approve' ? '批示意见' : '审批意见'}
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
      {dialog?.kind === 'approve' || (large && dialog?.kind === 'comment') ? (
        <Form.Item
          label={mustSign && dialog.kind === 'approve' ? '手写签名' : '手写签名（可选）'}
          required={mustSign}
          validateStatus={signError ? 'error' : undefined}
          help={
            signError ??
            (mustSign && dialog.kind === 'approve' ? '本环节需要手写签名，签名将显示在审批单上' : '签名将显示在审批记录和打印的审批单上')
          }
        >
          <SignaturePad ref={setPad} onChange={onPadChange} />
        </Form.Item>
      ) : null}
    </Form>
  );
}
