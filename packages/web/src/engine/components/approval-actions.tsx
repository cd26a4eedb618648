import { Button, Dropdown, Modal, Popconfirm, Space } from 'antd';
import { FilePdfOutlined, PrinterOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { AnyModule } from '@oa/shared/modules/define-module';
import type { RecordDetail } from '@oa/shared/contract/records';
import type { InstanceView } from '@oa/shared/contract/workflow';
import { notifyError } from '../../lib/notify-error';
import { sheetApi } from '../sheet.api';
import { RecordActionForm } from './record-action-form';
import { ACTION_TITLES, useRecordActions } from './use-record-actions';

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
  const a = useRecordActions({ m, record, view, onDone });
  const { editRoute } = a;

  return (
    <div className="oa-record-actions" data-testid="record-actions">
      <Space wrap>
        {a.taskActions.map((k) => (
          <Button key={k} type={k === 'approve' ? 'primary' : 'default'} danger={k === 'reject'} onClick={() => a.open({ kind: k })}>
            {ACTION_TITLES[k]}
          </Button>
        ))}
        {record.can.edit && (editRoute || onEdit) ? (
          <Button type="primary" onClick={() => (editRoute ? navigate(`${editRoute}?id=${record.id}`) : onEdit!())}>
            {record.status === 'draft' ? '编辑' : '修改并重新提交'}
          </Button>
        ) : null}
        {a.canWithdraw ? (
          <Popconfirm title="确定撤回该申请吗？" okText="撤回" cancelText="取消" onConfirm={a.withdraw}>
            <Button>撤回</Button>
          </Popconfirm>
        ) : null}
        {a.canUrge ? <Button onClick={() => void a.urge()}>催办</Button> : null}
        {record.actions.map((k) => (
          <Button key={k} onClick={() => a.open({ kind: 'module', action: k })}>
            {m.actions?.[k]?.label ?? k}
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
        open={!!a.dialog}
        title={a.title}
        okText="确定"
        cancelText="取消"
        confirmLoading={a.busy}
        onOk={a.confirm}
        onCancel={a.close}
        // a typed opinion and a drawn signature are not thrown away by a click beside the dialog (取消 or × close it)
        maskClosable={false}
        destroyOnHidden
      >
        <RecordActionForm a={a} />
      </Modal>
    </div>
  );
}
