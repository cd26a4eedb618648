import { Alert, Card, Descriptions, Space, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { RETENTION_LABELS } from '@oa/shared/contract/archive';
import { fmtTime } from '../../engine/components/record-columns';
import { useTabRoute } from '../../lib/tab-route';
import { downloadFile } from '../../lib/files-transfer';
import { errorMessage } from '../../lib/http-client';
import { notifyError } from '../../lib/notify-error';
import { archiveApi } from './archive.api';
import { actionLink } from '../../lib/action-link';

/** /archiveDetail?id=: one filed item with its processing sheet and files (read access re-checked by the server). */
export default function ArchiveDetailPage() {
  const { fullPath } = useTabRoute();
  const id = new URLSearchParams(fullPath.split('?')[1] ?? '').get('id') ?? '';
  const navigate = useNavigate();
  const q = useQuery({ queryKey: ['archive', 'detail', id], queryFn: () => archiveApi.detail(id), enabled: !!id });
  if (q.error)
    return (
      <div className="oa-page">
        <Alert type="error" showIcon message={errorMessage(q.error)} />
      </div>
    );
  const a = q.data;
  return (
    <div className="oa-page" data-testid="archive-detail">
      <Card
        variant="borderless"
        loading={q.isLoading}
        title={
          a ? (
            <Space>
              档号 <span data-testid="detail-code">{a.archiveCode}</span>
              {a.expired ? <Tag color="red">保管期满</Tag> : null}
            </Space>
          ) : (
            '档案详情'
          )
        }
        extra={
          a ? (
            <a
              onClick={() =>
                navigate(
                  `${a.kind === 'receipt' ? (a.scope === 'dept' ? '/deptReceiptPreview' : '/receiptPreview') : a.scope === 'dept' ? '/deptDispatchPreview' : '/dispatchPreview'}?id=${a.docId}`,
                )
              }
            >
              查看原公文
            </a>
          ) : null
        }
      >
        {a ? (
          <>
            <Descriptions bordered size="small" column={3} style={{ marginBottom: 12 }}>
              <Descriptions.Item label="全宗号">{a.fonds}</Descriptions.Item>
              <Descriptions.Item label="门类">{a.category}</Descriptions.Item>
              <Descriptions.Item label="年度">{a.year}</Descriptions.Item>
              <Descriptions.Item label="保管期限">
                {RETENTION_LABELS[a.retention]}
                {a.expiresYear ? `（至 ${a.expiresYear} 年）` : ''}
              </Descriptions.Item>
              <Descriptions.Item label="机构代码">{a.orgCode}</Descriptions.Item>
              <Descriptions.Item label="件号">{String(a.itemNo).padStart(4, '0')}</Descriptions.Item>
              <Descriptions.Item label="文号">{a.docNo}</Descriptions.Item>
              <Descriptions.Item label="责任者">{a.responsible}</Descriptions.Item>
              <Descriptions.Item label="日期">{a.docDate}</Descriptions.Item>
              <Descriptions.Item label="题名" span={3}>
                {a.title}
              </Descriptions.Item>
              <Descriptions.Item label="密级">{a.secretLevel}</Descriptions.Item>
              <Descriptions.Item label="页数">{a.pages}</Descriptions.Item>
              <Descriptions.Item label="盒号 / 案卷">
                {a.boxNo ?? '—'} / {a.rollTitle ?? '—'}
              </Descriptions.Item>
              <Descriptions.Item label="归档人">{a.filedByName}</Descriptions.Item>
              <Descriptions.Item label="归档时间">{fmtTime(a.filedAt)}</Descriptions.Item>
              <Descriptions.Item label="备注">{a.remarks}</Descriptions.Item>
              <Descriptions.Item label="文件" span={3}>
                <Space wrap>
                  {a.pdfFileId ? (
                    <a {...actionLink(() => downloadFile(a.pdfFileId!, `${a.archiveCode}.pdf`).catch(notifyError))}>正式文件（PDF）</a>
                  ) : null}
                  {a.ofd ? (
                    <a onClick={() => archiveApi.ofd(a.id, a.archiveCode).catch(notifyError)} data-testid="archive-ofd">
                      下载OFD
                    </a>
                  ) : null}
                  <a {...actionLink(() => archiveApi.package(a.id, a.archiveCode).catch(notifyError))} data-testid="archive-package">
                    下载归档包
                  </a>
                  {a.attachments.map((f) => (
                    <a key={f.fileId} onClick={() => downloadFile(f.fileId, f.fileName).catch(notifyError)}>
                      {f.fileName}
                    </a>
                  ))}
                </Space>
              </Descriptions.Item>
            </Descriptions>
            <Card size="small" title="处理笺">
              <Table
                rowKey={(s, i) => `${s.at}-${i}`}
                size="small"
                pagination={false}
                dataSource={a.sheet}
                columns={[
                  { title: '环节', dataIndex: 'node', width: 120 },
                  { title: '意见', dataIndex: 'comment' },
                  { title: '签名', dataIndex: 'actorName', width: 100 },
                  { title: '时间', dataIndex: 'at', width: 150, render: (v: string) => fmtTime(v) },
                ]}
              />
            </Card>
          </>
        ) : null}
      </Card>
    </div>
  );
}
