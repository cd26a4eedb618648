import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Modal, Select, Spin } from 'antd';
import type { InstanceSummary } from '@oa/shared/contract/workflow';
import { feedback } from '../../lib/feedback';
import { processAdminApi, useWorkflowDirectory } from './workflow.api';
import { notifyError } from '../../lib/notify-error';

interface Props {
  target: { kind: 'reassign' | 'terminate'; instance: InstanceSummary } | null;
  onClose: () => void;
  onDone: () => void;
}

/** Reassign a stuck task to someone else, or terminate an instance; both need a reason. */
export function InstanceActionDialog({ target, onClose, onDone }: Props) {
  const [form] = Form.useForm<{ taskId?: string; toUser?: string; reason: string }>();
  const [busy, setBusy] = useState(false);
  const directory = useWorkflowDirectory();
  const reassign = target?.kind === 'reassign';
  const view = useQuery({
    queryKey: ['workflow', 'instance', target?.instance.moduleCode, target?.instance.recordId],
    queryFn: () => processAdminApi.instance(target?.instance.moduleCode as string, target?.instance.recordId as string),
    enabled: Boolean(reassign),
    staleTime: 0,
  });
  const tasks = useMemo(() => view.data?.openTasks ?? [], [view.data]);
  useEffect(() => {
    if (target) form.resetFields();
  }, [target, form]);
  useEffect(() => {
    if (tasks.length === 1) form.setFieldValue('taskId', tasks[0].taskId);
  }, [tasks, form]);

  const submit = async () => {
    if (!target) return;
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setBusy(true);
    try {
      if (reassign) await processAdminApi.reassign(v.taskId as string, v.toUser as string, v.reason);
      else await processAdminApi.terminate(target.instance.instanceId, v.reason);
      feedback().message.success(reassign ? '已转办' : '流程已终止');
      onDone();
      onClose();
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={Boolean(target)}
      title={reassign ? '转办任务' : '终止流程'}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      okButtonProps={{ danger: !reassign }}
      destroyOnHidden
    >
      {target && (
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item label="申请">{target.instance.title}</Form.Item>
          {reassign && (
            <>
              <Form.Item name="taskId" label="待办任务" rules={[{ required: true, message: '请选择任务' }]}>
                {view.isLoading ? (
                  <Spin size="small" />
                ) : (
                  <Select
                    placeholder="选择要转办的任务"
                    options={tasks.map((t) => ({ value: t.taskId, label: `${t.nodeName} · ${t.assigneeName}` }))}
                    notFoundContent="没有待处理的任务"
                  />
                )}
              </Form.Item>
              <Form.Item name="toUser" label="转办给" rules={[{ required: true, message: '请选择人员' }]}>
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder="选择人员"
                  options={(directory.data?.designer.users ?? []).map((u) => ({
                    value: u.userCode,
                    label: `${u.userName}（${u.userCode}）`,
                  }))}
                />
              </Form.Item>
            </>
          )}
          <Form.Item name="reason" label="原因" rules={[{ required: true, whitespace: true, message: '请填写原因' }]}>
            <Input.TextArea rows={3} maxLength={500} showCount placeholder={reassign ? '如：原审批人长期请假' : '如：申请事项已取消'} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
