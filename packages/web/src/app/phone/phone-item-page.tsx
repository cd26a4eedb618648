import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import { LeftOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { moduleByCode } from '@oa/shared/modules/registry';
import { itemRoute } from '@oa/shared/notify/item-route';
import { ApprovalTimeline } from '../../engine/components/approval-timeline';
import { StatusTag } from '../../engine/components/status-tag';
import { processApi } from '../../engine/process.api';
import { recordsApi } from '../../engine/records.api';
import { sheetApi } from '../../engine/sheet.api';
import { errorMessage } from '../../lib/http-client';
import { PHONE_BASE, setPrefersDesktop } from '../../lib/phone-device';
import { PhoneActions } from './phone-actions';
import { PhoneFields } from './phone-fields';
import { PhoneHero } from './phone-hero';
import { PhoneFileViewer, type ViewedFile } from './phone-file-viewer';
import { formTitle } from '@oa/shared/modules/define-module';
import { hiddenFieldsOf } from '../../engine/hidden-fields';

/**
 * /m/item?moduleCode=&id= (also /PreviewForApp's `module` and `recordId`): one record on a phone — its form read-only,
 * its attachments viewable in the page, the trail with the drawn signatures, and every action the desktop offers.
 */
export function PhoneItemPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const moduleCode = params.get('moduleCode') ?? params.get('module') ?? '';
  const id = params.get('id') ?? params.get('recordId') ?? '';
  const m = moduleByCode(moduleCode);
  const [sheet, setSheet] = useState<ViewedFile | null>(null);
  const rec = useQuery({
    queryKey: ['records', moduleCode, 'get', id],
    queryFn: () => recordsApi.get(moduleCode, id),
    enabled: Boolean(m && id),
    retry: false,
  });
  const view = useQuery({
    queryKey: ['records', moduleCode, 'process', id, rec.data?.status, rec.data?.updatedAt],
    queryFn: () => processApi.view(moduleCode, id),
    enabled: !!rec.data?.instanceId,
  });
  const back = () => (window.history.state?.idx > 0 ? navigate(-1) : navigate(PHONE_BASE));
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: ['records', moduleCode] });
    void qc.invalidateQueries({ queryKey: ['pending'] });
  };
  const head = (
    <header className="m-bar m-bar-back">
      <Button type="text" className="m-touch" icon={<LeftOutlined />} aria-label="返回" onClick={back} />
      <h1>审批详情</h1>
    </header>
  );
  if (!m || !id || m.kind !== 'approval') {
    const desktop = m || moduleCode ? itemRoute(moduleCode, id) : null;
    return (
      <div className="m-page">
        {head}
        <Result
          status={desktop ? 'info' : 'warning'}
          title={desktop ? '该事项请在电脑版中查看' : '链接参数不正确'}
          extra={
            desktop ? (
              <Button
                size="large"
                type="primary"
                onClick={() => {
                  setPrefersDesktop(true);
                  navigate(desktop);
                }}
              >
                打开电脑版
              </Button>
            ) : (
              <Button size="large" onClick={() => navigate(PHONE_BASE)}>
                返回待办
              </Button>
            )
          }
        />
      </div>
    );
  }
  if (rec.isLoading)
    return (
      <div className="m-page">
        {head}
        <div className="m-center">
          <Spin />
        </div>
      </div>
    );
  if (!rec.data)
    return (
      <div className="m-page">
        {head}
        <Result status="warning" title="无法查看该申请" subTitle={errorMessage(rec.error, '记录不存在或无权查看')} />
      </div>
    );
  const r = rec.data;
  const v = view.data ?? null;
  const hidden = hiddenFieldsOf(v);
  const name = formTitle(m, r.variant);
  const showSheet = () =>
    setSheet({
      key: `sheet-${r.id}-${r.updatedAt}`,
      title: `${m.name}审批单`,
      kind: 'pdf',
      load: () => sheetApi.pdf(m.code, r.id),
      download: () => sheetApi.print(m.code, r.id, `${m.name}审批单-${r.serialNo ?? r.id}`, 'pdf'),
    });
  return (
    <div className="m-page m-item" data-testid="m-item">
      {head}
      <PhoneHero title={r.title} kind={name} status={<StatusTag status={r.status} />} />
      <section className="m-card">
        <h2>申请内容</h2>
        <PhoneFields m={m} record={r} hidden={hidden} />
      </section>
      <section className="m-card" data-testid="m-trail">
        <h2>审批记录</h2>
        {view.isLoading && r.instanceId ? <Spin /> : <ApprovalTimeline view={v} logs={r.logs} />}
      </section>
      <PhoneActions m={m} record={r} view={v} onDone={refresh} onSheet={showSheet} />
      <PhoneFileViewer file={sheet} onClose={() => setSheet(null)} />
    </div>
  );
}
