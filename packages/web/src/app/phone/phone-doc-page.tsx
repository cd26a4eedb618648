import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import { FileImageOutlined, FilePdfOutlined, LeftOutlined, PaperClipOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { moduleByCode } from '@oa/shared/modules/registry';
import type { DocDetail } from '@oa/shared/contract/documents';
import type { RecordDetail } from '@oa/shared/contract/records';
import { processApi } from '../../engine/process.api';
import { sheetApi } from '../../engine/sheet.api';
import { fmtTime } from '../../engine/components/record-columns';
import { errorMessage } from '../../lib/http-client';
import { imageUrl } from '../../lib/files-url';
import { RichHtml } from '../../lib/rich-html';
import { PHONE_BASE } from '../../lib/phone-device';
import { docsApi } from '../../features/documents/documents.api';
import { DocStatusTag } from '../../features/documents/doc-status-tag';
import { PhoneActions } from './phone-actions';
import { PhoneHero } from './phone-hero';
import { PhoneFileViewer, storedFile, type ViewedFile } from './phone-file-viewer';
import './phone-doc.css';

/**
 * The shape the shared action hook reads (useRecordActions): a document's id, form, process and what the server lets
 * the viewer do. Editing a document stays on the desktop; 撤回 goes through the documents' own call (PhoneActions).
 */
function asRecord(d: DocDetail): RecordDetail {
  return {
    id: d.id,
    moduleCode: d.moduleCode,
    serialNo: d.serialNo,
    title: d.title,
    // a document's own status; the hook reads it only for the edit button, which a document never shows here
    status: d.status as RecordDetail['status'],
    variant: null,
    applicant: d.creator,
    applicantName: d.creatorName,
    dept: d.deptCode,
    deptName: d.deptName,
    amount: null,
    data: d.form,
    instanceId: null,
    createdAt: d.createdAt,
    updatedAt: d.createdAt,
    submittedAt: null,
    finishedAt: d.finishedAt,
    logs: [],
    can: { edit: false, delete: false, submit: false, withdraw: d.can.withdraw, manage: d.can.manage, print: d.can.printSheet },
    actions: [],
  };
}

/**
 * /m/doc?id= — an official document (收文 / 发文, office or department) on a phone: its particulars, the 正文 and
 * attachments viewable in the page, the 处理笺 with the drawn signatures, and the viewer's step: 批示 with a signature,
 * 退回, 转交, and for a 传阅 reader 阅签 (an opinion with a signature; opening the document records the read).
 */
export function PhoneDocPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const id = params.get('id') ?? '';
  const [file, setFile] = useState<ViewedFile | null>(null);
  const doc = useQuery({ queryKey: ['documents', 'detail', id], queryFn: () => docsApi.detail(id), enabled: !!id, retry: false });
  const moduleCode = doc.data?.moduleCode;
  const view = useQuery({
    queryKey: ['documents', 'view', id, moduleCode, doc.data?.status, doc.data?.sheet.length],
    queryFn: () => processApi.view(moduleCode!, id),
    enabled: !!moduleCode,
  });
  const back = () => (window.history.state?.idx > 0 ? navigate(-1) : navigate(PHONE_BASE));
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: ['documents'] });
    void qc.invalidateQueries({ queryKey: ['pending'] });
  };
  const d = doc.data;
  const m = d ? moduleByCode(d.moduleCode) : undefined;
  const head = (
    <header className="m-bar m-bar-back">
      <Button type="text" className="m-touch" icon={<LeftOutlined />} aria-label="返回" onClick={back} />
      <h1>{d?.kind === 'dispatch' ? '发文详情' : '收文详情'}</h1>
    </header>
  );
  if (!d || !m)
    return (
      <div className="m-page">
        {head}
        {doc.isLoading ? (
          <div className="m-center">
            <Spin />
          </div>
        ) : (
          <Result
            status="warning"
            title="无法查看该公文"
            subTitle={errorMessage(doc.error, id ? '公文不存在或无权查看' : '链接参数不正确')}
          />
        )}
      </div>
    );
  const isReceipt = d.kind === 'receipt';
  const sheetName = isReceipt ? '收文处理笺' : '发文稿纸';
  const files = [
    ...(d.printedFileId ? [{ fileId: d.printedFileId, fileName: `正式文件 ${d.docNo ?? d.serialNo}.pdf` }] : []),
    ...d.attachments,
  ];
  const showSheet = () =>
    setFile({
      key: `sheet-${d.id}-${d.sheet.length}`,
      title: sheetName,
      kind: 'pdf',
      load: () => sheetApi.pdf(d.moduleCode, d.id),
      download: () => sheetApi.print(d.moduleCode, d.id, `${sheetName}-${d.serialNo}`, 'pdf'),
    });
  const particulars: Array<[string, string | null | undefined]> = [
    [isReceipt ? '收文编号' : '发文字号', isReceipt ? d.serialNo : (d.docNo ?? '（签发后编号）')],
    ...(isReceipt
      ? ([
          ['来文单位', d.sourceOrg],
          ['来文字号', d.sourceNo],
        ] as Array<[string, string | null]>)
      : ([['主送', d.mainTo]] as Array<[string, string | null]>)),
    ['密级', d.secretLevel],
    ['紧急程度', d.urgency],
    [isReceipt ? '登记人' : '拟稿人', `${d.creatorName}${d.deptName ? `（${d.deptName}）` : ''}`],
    ...(isReceipt
      ? ([
          ['收文日期', d.receivedDate],
          ['办理时限', d.deadline],
        ] as Array<[string, string | null]>)
      : []),
    ['当前环节', d.currentNodes],
    ...(isReceipt && typeof d.form.summary === 'string' ? ([['内容摘要', d.form.summary]] as Array<[string, string]>) : []),
  ];
  return (
    <div className="m-page m-item" data-testid="m-doc">
      {head}
      <PhoneHero title={d.title} kind={m.name} status={<DocStatusTag status={d.status} overdue={d.overdue} />} />
      <section className="m-card" data-testid="m-fields">
        <h2>公文信息</h2>
        <dl className="m-fields">
          {particulars.map(([label, value]) => (
            <div className="m-field" key={label}>
              <dt>{label}</dt>
              <dd>{value || <span className="m-muted">—</span>}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="m-card" data-testid="m-doc-body">
        <h2>正文及附件</h2>
        {!isReceipt && d.bodyHtml ? <RichHtml className="oa-doc-body m-doc-html" html={d.bodyHtml} /> : null}
        {files.length ? (
          <ul className="m-files">
            {files.map((a) => {
              const f = storedFile(a.fileId, a.fileName);
              return (
                <li key={a.fileId}>
                  <button type="button" className="m-file" onClick={() => setFile(f)} data-testid="m-attachment">
                    {f.kind === 'pdf' ? <FilePdfOutlined /> : f.kind === 'image' ? <FileImageOutlined /> : <PaperClipOutlined />}
                    <span>{a.fileName}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        ) : isReceipt || !d.bodyHtml ? (
          <span className="m-muted">无</span>
        ) : null}
      </section>
      <section className="m-card" data-testid="m-trail">
        <h2>{sheetName}</h2>
        <ol className="m-steps">
          {d.sheet.map((s, i) => (
            <li key={`${s.at}-${i}`} className="m-step">
              <div className="m-step-head">
                <b>{s.node || '意见'}</b>
                <span>{s.action}</span>
              </div>
              {s.comment ? <div className="m-step-comment">{s.comment}</div> : null}
              <div className="m-step-foot">
                <span>{s.actorName}</span>
                {s.signatureFileId ? (
                  <img
                    className="oa-signature-image"
                    src={imageUrl(s.signatureFileId)}
                    alt={`${s.actorName}的手写签名`}
                    data-testid="signature-image"
                  />
                ) : null}
                <span className="m-muted">{fmtTime(s.at)}</span>
              </div>
            </li>
          ))}
        </ol>
      </section>
      {view.isLoading ? null : (
        <PhoneActions
          m={m}
          record={asRecord(d)}
          view={view.data ?? null}
          onDone={refresh}
          onSheet={showSheet}
          withdraw={() => docsApi.withdraw(d.id)}
          labels={{ comment: view.data?.myTask ? '评论' : '阅签', print: `查看${sheetName}` }}
        />
      )}
      <PhoneFileViewer file={file} onClose={() => setFile(null)} />
    </div>
  );
}
