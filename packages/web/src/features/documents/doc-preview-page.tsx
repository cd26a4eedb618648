import { Alert, Button, Card, Descriptions, Dropdown, Result, Space, Table, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { DistributionRow, SheetStep } from '@oa/shared/contract/documents';
import { processApi } from '../../engine/process.api';
import { fmtTime } from '../../engine/components/record-columns';
import { downloadFile } from '../../lib/files-transfer';
import { imageUrl } from '../../lib/files-url';
import { sheetApi } from '../../engine/sheet.api';
import { errorMessage } from '../../lib/http-client';
import { notifyError } from '../../lib/notify-error';
import { RichHtml } from '../../lib/rich-html';
import { docsApi } from './documents.api';
import { useDocRoute } from './doc-route';
import { DocStatusTag } from './doc-status-tag';
import { DocTaskPanel } from './doc-task-panel';
import { DocDispatchDesk } from './doc-dispatch-desk';
import { DocExchangePanel } from './doc-exchange-panel';
import { actionLink } from '../../lib/action-link';

/** One document: its form, the viewer's step, the processing sheet, and for dispatches the printing desk and the distribution. */
export default function DocPreviewPage() {
  const r = useDocRoute();
  const id = r.query.get('id') ?? '';
  const navigate = useNavigate();
  const qc = useQueryClient();
  const doc = useQuery({ queryKey: ['documents', 'detail', id], queryFn: () => docsApi.detail(id), enabled: !!id });
  const moduleCode = doc.data?.moduleCode;
  const view = useQuery({
    queryKey: ['documents', 'view', id, moduleCode],
    queryFn: () => processApi.view(moduleCode!, id),
    enabled: !!moduleCode,
  });
  const dist = useQuery({
    queryKey: ['documents', 'dist', id],
    queryFn: () => docsApi.distribution(id),
    enabled: doc.data?.kind === 'dispatch',
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: ['documents'] });
  // opened without a document (an address cut short): no detail is asked for, so say so rather than load forever
  if (!id)
    return (
      <div className="oa-page">
        <Result status="404" title="缺少公文编号" />
      </div>
    );
  if (doc.error)
    return (
      <div className="oa-page">
        <Alert type="error" showIcon message={errorMessage(doc.error)} />
      </div>
    );
  const d = doc.data;
  if (!d)
    return (
      <div className="oa-page">
        <Card loading />
      </div>
    );
  const f = d.form as Record<string, string | string[] | null>;
  const isReceipt = d.kind === 'receipt';
  const name = d.docNo ?? d.serialNo;
  const superviseLink = `/supervise/edit?sourceType=receipt&sourceId=${d.id}&sourceTitle=${encodeURIComponent(d.title)}&sourceLink=${encodeURIComponent(`${r.previewRoute}?id=${d.id}`)}`;
  const unread = (dist.data ?? []).filter((x) => x.userCode && !x.readAt).length;
  return (
    <div className="oa-page" data-testid="doc-preview">
      <Card
        variant="borderless"
        title={
          <Space>
            <span data-testid="doc-heading">{d.title}</span>
            <DocStatusTag status={d.status} overdue={d.overdue} />
          </Space>
        }
        extra={
          <Space wrap>
            {d.can.edit ? <Button onClick={() => navigate(`${r.editRoute}?id=${d.id}`)}>修改</Button> : null}
            {d.can.submit ? (
              <Button type="primary" onClick={() => docsApi.submit(d.id).then(refresh, notifyError)}>
                提交办理
              </Button>
            ) : null}
            {d.can.withdraw ? <Button onClick={() => docsApi.withdraw(d.id).then(refresh, notifyError)}>撤回</Button> : null}
            {!isReceipt ? (
              <Button onClick={() => docsApi.pdf(d.id, name).catch(notifyError)} data-testid="doc-pdf">
                红头文件 PDF
              </Button>
            ) : null}
            {!isReceipt ? (
              <Button onClick={() => docsApi.ofd(d.id, name).catch(notifyError)} data-testid="doc-ofd">
                下载OFD
              </Button>
            ) : null}
            {!isReceipt ? <Button onClick={() => docsApi.docx(d.id, name).catch(notifyError)}>下载 Word</Button> : null}
            {d.can.printSheet ? (
              <Dropdown
                trigger={['hover', 'click']}
                menu={{
                  items: [
                    { key: 'pdf', label: 'PDF（A4）' },
                    { key: 'docx', label: 'Word（可编辑）' },
                  ],
                  onClick: ({ key }) =>
                    void sheetApi
                      .print(d.moduleCode, d.id, `${isReceipt ? '收文处理笺' : '发文稿纸'}-${d.serialNo}`, key === 'docx' ? 'docx' : 'pdf')
                      .catch(notifyError),
                }}
              >
                <Button data-testid="print-sheet-button">{isReceipt ? '打印处理笺' : '打印发文稿纸'}</Button>
              </Dropdown>
            ) : null}
            {d.can.supervise ? (
              <Button onClick={() => navigate(superviseLink)} data-testid="doc-supervise">
                转为督办
              </Button>
            ) : null}
            {d.can.archive ? (
              <Button onClick={() => navigate(`/archivePre?docId=${d.id}`)} data-testid="doc-archive">
                归档
              </Button>
            ) : null}
            {d.archived ? <Tag color="green">已归档</Tag> : null}
          </Space>
        }
      >
        {view.data?.myTask ? <DocTaskPanel view={view.data} form={d.form} onDone={refresh} /> : null}
        {d.can.number || d.can.print || d.can.distribute ? <DocDispatchDesk doc={d} onDone={refresh} /> : null}
        <Descriptions bordered size="small" column={3} style={{ marginBottom: 12 }}>
          <Descriptions.Item label={isReceipt ? '收文编号' : '发文字号'}>
            <span data-testid="doc-no">{isReceipt ? d.serialNo : (d.docNo ?? '（签发后编号）')}</span>
          </Descriptions.Item>
          {isReceipt ? (
            <Descriptions.Item label="来文单位">{d.sourceOrg}</Descriptions.Item>
          ) : (
            <Descriptions.Item label="发文类型">{d.typeName}</Descriptions.Item>
          )}
          {isReceipt ? (
            <Descriptions.Item label="来文字号">{d.sourceNo}</Descriptions.Item>
          ) : (
            <Descriptions.Item label="主送">{d.mainTo}</Descriptions.Item>
          )}
          <Descriptions.Item label="密级">{d.secretLevel}</Descriptions.Item>
          <Descriptions.Item label="紧急程度">{d.urgency}</Descriptions.Item>
          <Descriptions.Item label={isReceipt ? '登记人' : '拟稿人'}>
            {d.creatorName}（{d.deptName}）
          </Descriptions.Item>
          {isReceipt ? (
            <Descriptions.Item label="收文日期">{d.receivedDate}</Descriptions.Item>
          ) : (
            <Descriptions.Item label="抄送">{f.ccTo as string}</Descriptions.Item>
          )}
          {isReceipt ? (
            <Descriptions.Item label="办理时限">{d.deadline}</Descriptions.Item>
          ) : (
            <Descriptions.Item label="印制份数">{String(f.copies ?? '')}</Descriptions.Item>
          )}
          <Descriptions.Item label="当前环节">{d.currentNodes ?? '—'}</Descriptions.Item>
          {isReceipt && f.summary ? (
            <Descriptions.Item label="内容摘要" span={3}>
              {f.summary as string}
            </Descriptions.Item>
          ) : null}
          <Descriptions.Item label="附件" span={3}>
            <Space wrap>
              {d.attachments.map((a) => (
                <a key={a.fileId} onClick={() => downloadFile(a.fileId, a.fileName).catch(notifyError)}>
                  {a.fileName}
                </a>
              ))}
              {d.printedFileId ? (
                <a {...actionLink(() => downloadFile(d.printedFileId!, `${name}.pdf`).catch(notifyError))} data-testid="doc-printed">
                  正式文件 {name}.pdf
                </a>
              ) : null}
              {!d.attachments.length && !d.printedFileId ? '无' : null}
            </Space>
          </Descriptions.Item>
        </Descriptions>
        {!isReceipt && d.bodyHtml ? (
          <Card size="small" title="正文" style={{ marginBottom: 12 }}>
            <RichHtml className="oa-doc-body" html={d.bodyHtml} />
          </Card>
        ) : null}
        <Card size="small" title={isReceipt ? '收文处理笺' : '发文稿纸（办理意见）'} style={{ marginBottom: 12 }}>
          <Table<SheetStep>
            rowKey={(s, i) => `${s.at}-${i}`}
            size="small"
            pagination={false}
            dataSource={d.sheet}
            data-testid="doc-sheet"
            columns={[
              { title: '环节', dataIndex: 'node', width: 120 },
              { title: '处理', dataIndex: 'action', width: 80 },
              { title: '意见', dataIndex: 'comment', render: (v: string | null) => v ?? '' },
              {
                title: '签名',
                dataIndex: 'actorName',
                width: 140,
                render: (v: string, s: SheetStep) => (
                  <Space size={4}>
                    {v}
                    {s.signatureFileId ? (
                      <img src={imageUrl(s.signatureFileId)} alt={`${v}的手写签名`} height={36} data-testid="signature-image" />
                    ) : null}
                  </Space>
                ),
              },
              { title: '时间', dataIndex: 'at', width: 150, render: (v: string) => fmtTime(v) },
            ]}
          />
        </Card>
        {!isReceipt && (dist.data ?? []).length ? (
          <Card
            size="small"
            title={<Space>分发记录{unread ? <Tag color="orange">未阅 {unread}</Tag> : <Tag color="green">全部已阅</Tag>}</Space>}
          >
            <Table<DistributionRow>
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={dist.data}
              data-testid="doc-dist"
              columns={[
                {
                  title: '分发对象',
                  key: 'who',
                  render: (_: unknown, x) =>
                    x.recipientKind === 'external'
                      ? `${x.recipientName}（外部单位）`
                      : `${x.userName ?? ''}${x.deptName ? `（${x.deptName}）` : ''}`,
                },
                { title: '签收时间', dataIndex: 'receivedAt', width: 150, render: (v: string | null) => fmtTime(v) },
                {
                  title: '阅读时间',
                  dataIndex: 'readAt',
                  width: 150,
                  render: (v: string | null, x) => (x.recipientKind === 'external' ? '—' : v ? fmtTime(v) : <Tag color="orange">未阅</Tag>),
                },
              ]}
            />
          </Card>
        ) : null}
        {!isReceipt ? <DocExchangePanel docId={d.id} /> : null}
        {d.myCopy && !isReceipt ? (
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            本文已分发给您，打开即记为已阅。
          </Typography.Paragraph>
        ) : null}
      </Card>
    </div>
  );
}
