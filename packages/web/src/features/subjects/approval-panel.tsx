import { useState } from 'react';
import { Button, Card, Form, Input, Modal, Space } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { processApi } from '../../engine/process.api';
import { ApprovalTimeline } from '../../engine/components/approval-timeline';
import { feedback } from '../../lib/feedback';
import { notifyError } from '../../lib/notify-error';

/** The approval of a subject's process (立项 or 合同): the timeline, and 同意 / 驳回 for the open task's approver. */
export function ApprovalPanel({
  moduleCode,
  recordId,
  title,
  onDone,
}: {
  moduleCode: string;
  recordId: string;
  title: string;
  onDone: () => void;
}) {
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['subject-process', moduleCode, recordId], queryFn: () => processApi.view(moduleCode, recordId) });
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ comment?: string }>();
  const view = q.data ?? null;
  if (!view?.current && !view?.history.length) return null;
  const task = view.myTask;
  const confirm = async () => {
    const { comment } = await form.validateFields();
    setBusy(true);
    try {
      if (dialog === 'approve') await processApi.approve(task!.taskId, comment?.trim() || undefined);
      else await processApi.reject(task!.taskId, comment?.trim() ?? '');
      feedback().message.success(dialog === 'approve' ? '审批通过' : '已驳回');
      setDialog(null);
      form.resetFields();
      await qc.invalidateQueries({ queryKey: ['subject-process', moduleCode, recordId] });
      onDone();
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card
      type="inner"
      title={title}
      style={{ marginBottom: 16 }}
      data-testid={`approval-${moduleCode}`}
      extra={
        task && (
          <Space data-testid="subject-approval-actions">
            <Button type="primary" onClick={() => setDialog('approve')}>
              同意
            </Button>
            <Button danger onClick={() => setDialog('reject')}>
              驳回
            </Button>
          </Space>
        )
      }
    >
      <ApprovalTimeline view={view} logs={[]} />
      <Modal
        title={dialog === 'approve' ? '同意' : '驳回'}
        open={!!dialog}
        onCancel={() => setDialog(null)}
        onOk={() => void confirm()}
        confirmLoading={busy}
        okText="确定"
        cancelText="取消"
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="comment"
            label="审批意见"
            rules={dialog === 'reject' ? [{ required: true, whitespace: true, message: '请填写驳回理由' }] : []}
          >
            <Input.TextArea rows={3} maxLength={500} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
