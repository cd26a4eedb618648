import { Alert, Button, Card, Space, Spin, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/http-client';
import { useTabs } from '../../state/tabs.store';
import { useTabRoute } from '../../lib/tab-route';
import { useRecordEditor } from '../components/use-record-editor';
import { RecordForm } from '../components/record-form';
import { ApproverChain } from '../components/approver-chain';
import { StatusTag } from '../components/status-tag';
import { useModuleRoute } from '../use-module';
import '../modules.css';
import { formTitle } from '@oa/shared/modules/define-module';

/** The edit page of any module (/stampEdit, /lendEdit, /btripEdit, /seniorEdit …): new or ?id=<draft>. */
export default function ModuleEditPage() {
  const { module: m, variant: routeVariant } = useModuleRoute();
  const [params] = useSearchParams();
  const id = params.get('id') ?? undefined;
  const navigate = useNavigate();
  const tab = useTabRoute();
  const closeView = useTabs((s) => s.closeView);
  const { form, query: q, record, variant, busy, problem, send, picksDialog } = useRecordEditor(m, { id, variant: routeVariant });

  const finish = async (kind: 'save' | 'submit') => {
    const saved = await send(kind);
    if (!saved) return;
    closeView(tab.path);
    navigate(kind === 'save' ? `${tab.path}?id=${saved.id}` : m.routes.preview ? `${m.routes.preview}?id=${saved.id}` : m.routes.list);
  };

  if (id && q.isLoading)
    return (
      <div className="oa-page">
        <Spin />
      </div>
    );
  if (id && q.error)
    return (
      <div className="oa-page">
        <Alert type="error" showIcon message={errorMessage(q.error, '记录加载失败')} />
      </div>
    );
  if (record && !record.can.edit) {
    return (
      <div className="oa-page">
        <Alert
          type="warning"
          showIcon
          message="该申请当前不能修改"
          action={
            <Button onClick={() => navigate(m.routes.preview ? `${m.routes.preview}?id=${record.id}` : m.routes.list)}>查看详情</Button>
          }
        />
      </div>
    );
  }
  const title = formTitle(m, variant);
  return (
    <div className="oa-page oa-module-edit" data-testid={`module-edit-${m.code}`}>
      <Card
        variant="borderless"
        title={
          <Space>
            <Typography.Text strong style={{ fontSize: 16 }}>
              {title}
            </Typography.Text>
            {record ? <StatusTag status={record.status} /> : null}
            {record?.serialNo ? <Typography.Text type="secondary">编号：{record.serialNo}</Typography.Text> : null}
          </Space>
        }
      >
        {problem ? <Alert type="error" showIcon message={problem} style={{ marginBottom: 16 }} data-testid="form-problem" /> : null}
        <RecordForm key={record?.id ?? 'new'} m={m} variant={variant} form={form} initial={record?.data ?? {}} />
        <ApproverChain m={m} form={form} />
        <div className="oa-module-actions">
          <Space>
            <Button type="primary" loading={busy === 'submit'} disabled={!!busy} onClick={() => void finish('submit')}>
              提交
            </Button>
            <Button loading={busy === 'save'} disabled={!!busy} onClick={() => void finish('save')}>
              保存草稿
            </Button>
            <Button
              onClick={() => {
                closeView(tab.path);
                navigate(m.routes.list);
              }}
            >
              返回
            </Button>
          </Space>
        </div>
        {picksDialog}
      </Card>
    </div>
  );
}
