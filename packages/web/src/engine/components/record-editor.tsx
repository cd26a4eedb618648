import { Alert, Button, Space, Spin } from 'antd';
import type { AnyModule } from '@oa/shared/modules/define-module';
import type { RecordItem } from '@oa/shared/contract/records';
import { errorMessage } from '../../lib/http-client';
import { ApproverChain } from './approver-chain';
import { RecordForm } from './record-form';
import { useRecordEditor } from './use-record-editor';

/**
 * The form of a record outside its own route (the drawer of a single-route module such as /Leave):
 * new or an editable record, checked in the browser with the same rules as the server, then saved or submitted.
 */
export function RecordEditor({
  m,
  variant,
  id,
  onDone,
  onCancel,
}: {
  m: AnyModule;
  variant: string | null;
  id?: string;
  onDone: (saved: RecordItem, kind: 'save' | 'submit') => void;
  onCancel: () => void;
}) {
  const { form, query: q, record, variant: v, busy, problem, send, picksDialog } = useRecordEditor(m, { id, variant });
  const finish = async (kind: 'save' | 'submit') => {
    const saved = await send(kind);
    if (saved) onDone(saved, kind);
  };

  if (id && q.isLoading) return <Spin />;
  if (id && q.error) return <Alert type="error" showIcon message={errorMessage(q.error, '记录加载失败')} />;
  if (record && !record.can.edit) return <Alert type="warning" showIcon message="该申请当前不能修改" />;
  return (
    <div className="oa-module-edit" data-testid={`module-edit-${m.code}`}>
      {problem ? <Alert type="error" showIcon message={problem} style={{ marginBottom: 16 }} data-testid="form-problem" /> : null}
      <RecordForm key={record?.id ?? 'new'} m={m} variant={v} form={form} initial={record?.data ?? {}} />
      <ApproverChain m={m} form={form} />
      <div className="oa-module-actions">
        <Space>
          <Button type="primary" loading={busy === 'submit'} disabled={!!busy} onClick={() => void finish('submit')}>
            提交
          </Button>
          <Button loading={busy === 'save'} disabled={!!busy} onClick={() => void finish('save')}>
            保存草稿
          </Button>
          <Button onClick={onCancel}>取消</Button>
        </Space>
      </div>
      {picksDialog}
    </div>
  );
}
