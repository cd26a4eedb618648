import { useState } from 'react';
import { Button, Card, Input, InputNumber, Select, Space, Table, Tag } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { RETENTION_LABELS, type ArchiveItem } from '@oa/shared/contract/archive';
import { RETENTIONS } from '@oa/shared/contract/documents';
import { notifyError } from '../../lib/notify-error';
import { feedback } from '../../lib/feedback';
import { archiveApi } from './archive.api';
import { actionLink } from '../../lib/action-link';

/** /archive: the catalogue of filed items (归档文件目录) with filters, retention expiry, rolls and Excel export. */
export default function ArchiveListPage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [f, setF] = useState<{ keyword?: string; year?: number; retention?: string; kind?: string; expired?: 'Y'; rollId?: string }>({});
  const [page, setPage] = useState({ pageNumber: 1, pageSize: 20 });
  const [selected, setSelected] = useState<string[]>([]);
  const q = useQuery({ queryKey: ['archive', 'list', f, page], queryFn: () => archiveApi.list({ ...f, ...page }) });
  const rolls = useQuery({ queryKey: ['archive', 'rolls'], queryFn: archiveApi.rolls });
  const exportQ = Object.fromEntries(
    Object.entries(f)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );
  return (
    <div className="oa-page" data-testid="archive-list">
      <Card
        variant="borderless"
        title="归档文件目录"
        extra={
          <Space>
            <Button onClick={() => navigate('/receiptPre')}>收文待归档</Button>
            <Button onClick={() => navigate('/dispatchPre')}>发文待归档</Button>
            <Button icon={<DownloadOutlined />} onClick={() => archiveApi.exportCatalogue(exportQ).catch(notifyError)}>
              导出目录
            </Button>
          </Space>
        }
      >
        <Space wrap style={{ marginBottom: 12 }}>
          <Input.Search
            allowClear
            placeholder="题名、档号、文号、责任者"
            aria-label="题名、档号、文号、责任者"
            style={{ width: 240 }}
            onSearch={(v) => setF((x) => ({ ...x, keyword: v || undefined }))}
          />
          <InputNumber placeholder="年度" min={1900} max={2100} onChange={(v) => setF((x) => ({ ...x, year: v ?? undefined }))} />
          <Select
            allowClear
            placeholder="保管期限"
            aria-label="保管期限"
            style={{ width: 120 }}
            options={RETENTIONS.map((r) => ({ value: r, label: RETENTION_LABELS[r] }))}
            onChange={(v?: string) => setF((x) => ({ ...x, retention: v }))}
          />
          <Select
            allowClear
            placeholder="类别"
            aria-label="类别"
            style={{ width: 100 }}
            options={[
              { value: 'receipt', label: '收文' },
              { value: 'dispatch', label: '发文' },
            ]}
            onChange={(v?: string) => setF((x) => ({ ...x, kind: v }))}
          />
          <Select
            allowClear
            placeholder="案卷"
            aria-label="案卷"
            style={{ width: 160 }}
            options={(rolls.data ?? []).map((r) => ({ value: r.id, label: `${r.rollNo} ${r.title}` }))}
            onChange={(v?: string) => setF((x) => ({ ...x, rollId: v }))}
          />
          <Select
            allowClear
            placeholder="保管期满"
            aria-label="保管期满"
            style={{ width: 120 }}
            options={[{ value: 'Y', label: '仅看已到期' }]}
            onChange={(v?: 'Y') => setF((x) => ({ ...x, expired: v }))}
          />
          <Select
            placeholder="组入案卷"
            aria-label="组入案卷"
            style={{ width: 160 }}
            disabled={!selected.length}
            value={null}
            options={[
              { value: '', label: '移出案卷' },
              ...(rolls.data ?? []).map((r) => ({ value: r.id, label: `${r.rollNo} ${r.title}` })),
            ]}
            onChange={(v: string) =>
              archiveApi.assignRoll(v || null, selected).then(() => {
                feedback().message.success('已更新');
                setSelected([]);
                return qc.invalidateQueries({ queryKey: ['archive'] });
              }, notifyError)
            }
          />
        </Space>
        <Table<ArchiveItem>
          rowKey="id"
          size="middle"
          loading={q.isLoading}
          dataSource={q.data?.list ?? []}
          rowSelection={{ selectedRowKeys: selected, onChange: (k) => setSelected(k as string[]) }}
          pagination={{
            current: page.pageNumber,
            pageSize: page.pageSize,
            total: q.data?.total ?? 0,
            showTotal: (n) => `共 ${n} 件`,
            onChange: (pageNumber, pageSize) => setPage({ pageNumber, pageSize }),
          }}
          columns={[
            {
              title: '档号',
              dataIndex: 'archiveCode',
              width: 240,
              render: (v: string, x) => (
                <a {...actionLink(() => navigate(`/archiveDetail?id=${x.id}`), 'link')} data-testid="archive-code">
                  {v}
                </a>
              ),
            },
            { title: '文号', dataIndex: 'docNo', width: 170 },
            { title: '责任者', dataIndex: 'responsible', width: 150 },
            { title: '题名', dataIndex: 'title' },
            { title: '日期', dataIndex: 'docDate', width: 90 },
            { title: '密级', dataIndex: 'secretLevel', width: 70 },
            { title: '页数', dataIndex: 'pages', width: 60 },
            {
              title: '保管期限',
              key: 'ret',
              width: 150,
              render: (_: unknown, x) => (
                <>
                  {RETENTION_LABELS[x.retention]}
                  {x.expiresYear ? <span style={{ color: '#666' }}>（至{x.expiresYear}年）</span> : null}
                  {x.expired ? <Tag color="red">已到期</Tag> : null}
                </>
              ),
            },
            { title: '案卷', dataIndex: 'rollTitle', width: 120 },
          ]}
        />
      </Card>
    </div>
  );
}
