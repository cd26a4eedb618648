import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Select, Table } from 'antd';
import type { BatchApproveResult, BatchGroup } from '@oa/shared/contract/workflow';
import { pendingApi } from './pending.api';
import { formatTime } from '../../components/instance-status';
import { feedback } from '../../lib/feedback';
import { notifyError } from '../../lib/notify-error';

type Row = BatchGroup['tasks'][number];

/** 批量审批: pick a process and step, tick its to-do items and approve them with one opinion. */
export function BatchApprove({ onDone }: { onDone: () => void }) {
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const [groupKey, setGroupKey] = useState<string>();
  const [picked, setPicked] = useState<string[]>([]);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<BatchApproveResult | null>(null);
  const groups = useQuery({ queryKey: ['pending', 'batch-groups'], queryFn: pendingApi.batchGroups, enabled: open });
  const group = groups.data?.find((g) => g.key === groupKey) ?? groups.data?.[0];
  const close = () => {
    setOpen(false);
    setPicked([]);
    setResult(null);
    setComment('');
  };
  const run = async () => {
    setBusy(true);
    try {
      const out = await pendingApi.batchApprove(picked, comment.trim() || '同意');
      setResult(out);
      setPicked([]);
      if (!out.failed.length) feedback().message.success(`已同意 ${out.done.length} 条`);
      await qc.invalidateQueries({ queryKey: ['pending'] });
      onDone();
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button style={{ marginBottom: 12 }} onClick={() => setOpen(true)} data-testid="batch-open">
        批量审批
      </Button>
      <Modal
        open={open}
        title="批量审批"
        width={760}
        okText={`同意所选（${picked.length}）`}
        cancelText="关闭"
        okButtonProps={{ disabled: !picked.length }}
        confirmLoading={busy}
        onOk={run}
        onCancel={close}
        destroyOnHidden
      >
        {result?.failed.length ? (
          <Alert
            type="warning"
            style={{ marginBottom: 12 }}
            data-testid="batch-failed"
            message={`已同意 ${result.done.length} 条，以下 ${result.failed.length} 条未能处理`}
            description={result.failed.map((f) => `${f.title}：${f.message}`).join('；')}
          />
        ) : null}
        {groups.data && !groups.data.length ? (
          <Alert type="info" message="没有可批量审批的待办（仅流程设计中允许批量审批的节点）" />
        ) : (
          <Form layout="vertical" component="div">
            <Form.Item label="流程和节点">
              <Select
                aria-label="流程和节点"
                value={group?.key}
                loading={groups.isFetching}
                onChange={(k: string) => {
                  setGroupKey(k);
                  setPicked([]);
                }}
                options={(groups.data ?? []).map((g) => ({
                  value: g.key,
                  label: `${g.processName} · ${g.nodeName}（${g.tasks.length} 条）`,
                }))}
              />
            </Form.Item>
            <Table<Row>
              rowKey="taskId"
              size="small"
              data-testid="batch-tasks"
              pagination={false}
              scroll={{ y: 300 }}
              dataSource={group?.tasks ?? []}
              rowSelection={{
                selectedRowKeys: picked,
                onChange: (keys) => setPicked(keys as string[]),
                getCheckboxProps: (r) => ({ 'aria-label': `选择 ${r.title}` }) as object,
              }}
              columns={[
                { title: '标题', dataIndex: 'title', ellipsis: true },
                { title: '编号', dataIndex: 'serialNo', width: 140 },
                { title: '发起人', dataIndex: 'initiatorName', width: 90 },
                { title: '到达时间', dataIndex: 'createdAt', width: 150, render: formatTime },
              ]}
            />
            <Form.Item label="审批意见" style={{ marginTop: 12 }}>
              <Input.TextArea
                aria-label="审批意见"
                rows={3}
                maxLength={1000}
                placeholder="同意"
                value={comment}
                onChange={(e) => setComment(e.target.value)}
                data-testid="batch-comment"
              />
            </Form.Item>
          </Form>
        )}
      </Modal>
    </>
  );
}
