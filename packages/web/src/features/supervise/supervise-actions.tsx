import { useState } from 'react';
import { Button, DatePicker, Form, Input, InputNumber, Modal, Select, Space, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import type { SuperviseDetail } from '@oa/shared/contract/supervise';
import { confirmDialog, isCancelled } from '../../lib/confirm-dialog';
import { notifyError } from '../../lib/notify-error';
import { feedback } from '../../lib/feedback';
import { superviseApi } from './supervise.api';

type Dialog = null | 'progress' | 'extend' | 'return';

/** What the viewer may do on a task: accept, report, extend, ask to close; the supervisor closes, returns, decides, urges. */
export function SuperviseActions({ d, onDone }: { d: SuperviseDetail; onDone: () => void }) {
  const { task, can } = d;
  const [dialog, setDialog] = useState<Dialog>(null);
  const [form] = Form.useForm<{
    percent: number;
    content: string;
    subtaskId?: string;
    dueDate?: Dayjs;
    reason?: string;
    comment?: string;
  }>();
  const [files, setFiles] = useState<Array<{ fileId: string; name: string }>>([]);
  const run = async (fn: () => Promise<unknown>, msg: string, confirm?: string) => {
    try {
      if (confirm) await confirmDialog(confirm);
      await fn();
      feedback().message.success(msg);
      setDialog(null);
      form.resetFields();
      setFiles([]);
      onDone();
    } catch (err) {
      if (!isCancelled(err)) notifyError(err);
    }
  };
  const ok = () => {
    const v = form.getFieldsValue();
    if (dialog === 'progress') {
      return run(
        () =>
          superviseApi.progress({
            id: task.id,
            subtaskId: v.subtaskId || null,
            percent: Number(v.percent ?? 0),
            content: v.content ?? '',
            fileIds: files.map((f) => f.fileId),
          }),
        '进展已报告',
      );
    }
    if (dialog === 'extend')
      return run(
        () => superviseApi.extend({ id: task.id, dueDate: v.dueDate?.format('YYYY-MM-DD') ?? '', reason: v.reason ?? '' }),
        '延期申请已提交',
      );
    return run(() => superviseApi.review({ id: task.id, action: 'return', comment: v.comment }), '已退回');
  };
  const reportable = can.report || can.subtaskIds.length > 0;
  return (
    <>
      <Space wrap data-testid="supervise-actions">
        {can.accept ? (
          <Button type="primary" onClick={() => void run(() => superviseApi.accept(task.id), '已接收')}>
            接收
          </Button>
        ) : null}
        {reportable ? (
          <Button
            type="primary"
            onClick={() => {
              form.setFieldsValue({ percent: task.progress, subtaskId: can.report ? undefined : can.subtaskIds[0] });
              setDialog('progress');
            }}
          >
            报告进展
          </Button>
        ) : null}
        {can.report ? (
          <Button onClick={() => void run(() => superviseApi.submit(task.id), '已申请办结', '确定申请办结吗？督办人审核后办结。')}>
            申请办结
          </Button>
        ) : null}
        {can.extend ? <Button onClick={() => setDialog('extend')}>申请延期</Button> : null}
        {can.review && task.extensionDue ? (
          <>
            <Button onClick={() => void run(() => superviseApi.review({ id: task.id, action: 'extendOk' }), '已同意延期')}>
              同意延期至 {task.extensionDue}
            </Button>
            <Button onClick={() => void run(() => superviseApi.review({ id: task.id, action: 'extendNo' }), '已不同意延期')}>
              不同意延期
            </Button>
          </>
        ) : null}
        {can.review ? (
          <Button
            type="primary"
            onClick={() => void run(() => superviseApi.review({ id: task.id, action: 'close' }), '已办结', '确定办结该督办事项吗？')}
          >
            办结
          </Button>
        ) : null}
        {can.review && task.status === 'reviewing' ? (
          <Button danger onClick={() => setDialog('return')}>
            退回
          </Button>
        ) : null}
        {can.review ? <Button onClick={() => void run(() => superviseApi.urge(task.id), '已催办（待办消息与短信）')}>催办</Button> : null}
      </Space>
      <Modal
        open={!!dialog}
        destroyOnHidden
        onCancel={() => setDialog(null)}
        onOk={() => void ok()}
        title={dialog === 'progress' ? '报告进展' : dialog === 'extend' ? '申请延期' : '退回'}
      >
        <Form form={form} layout="vertical" preserve={false}>
          {dialog === 'progress' ? (
            <>
              {can.subtaskIds.length ? (
                <Form.Item name="subtaskId" label="报告对象">
                  <Select
                    allowClear={can.report}
                    placeholder="整体督办事项"
                    options={d.subtasks
                      .filter((s) => can.subtaskIds.includes(s.id))
                      .map((s) => ({ value: s.id, label: `子任务：${s.title}` }))}
                  />
                </Form.Item>
              ) : null}
              <Form.Item name="percent" label="完成进度（%）" required>
                <InputNumber min={0} max={100} precision={0} style={{ width: 160 }} />
              </Form.Item>
              <Form.Item name="content" label="进展情况" required>
                <Input.TextArea rows={4} maxLength={2000} />
              </Form.Item>
              <Upload
                beforeUpload={(f) => {
                  superviseApi
                    .upload(f)
                    .then((u) => setFiles((l) => [...l, { fileId: u.fileId, name: u.fileName }]))
                    .catch(notifyError);
                  return false;
                }}
                fileList={files.map((f) => ({ uid: f.fileId, name: f.name, status: 'done' as const }))}
                onRemove={(f) => setFiles((l) => l.filter((x) => x.fileId !== f.uid))}
              >
                <Button icon={<UploadOutlined />}>上传附件</Button>
              </Upload>
            </>
          ) : null}
          {dialog === 'extend' ? (
            <>
              <Form.Item name="dueDate" label="延期至" required>
                <DatePicker />
              </Form.Item>
              <Form.Item name="reason" label="延期原因" required>
                <Input.TextArea rows={3} maxLength={500} />
              </Form.Item>
            </>
          ) : null}
          {dialog === 'return' ? (
            <Form.Item name="comment" label="退回意见" required>
              <Input.TextArea rows={3} maxLength={500} />
            </Form.Item>
          ) : null}
        </Form>
      </Modal>
    </>
  );
}
