import { useState } from 'react';
import { Button, Card, Input, InputNumber, Select, Space, Table, Tabs } from 'antd';
import { PlusOutlined, DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { DOC_STATUSES, DOC_STATUS_LABELS, docNoText, type DocRow } from '@oa/shared/contract/documents';
import { fmtTime } from '../../engine/components/record-columns';
import { notifyError } from '../../lib/notify-error';
import { useListPager } from '../../lib/list-pager';
import { docsApi } from './documents.api';
import { KIND_LABEL, SCOPE_LABEL, useDocRoute } from './doc-route';
import { DocStatusTag } from './doc-status-tag';
import { actionLink } from '../../lib/action-link';

type Box = 'todo' | 'involved' | 'mine' | 'all';

/** Lists of documents: /receipt /dispatch /deptReceipt /deptDispatch (boxes), the ledgers /receiptManager /dispatchManage, the signing desk /dispatchManageApprove. */
export default function DocListPage() {
  const r = useDocRoute();
  const navigate = useNavigate();
  const [box, setBox] = useState<Box>(r.box ?? 'todo');
  const [filters, setFilters] = useState<{ keyword?: string; status?: string; year?: number; sourceOrg?: string; overdue?: 'Y' }>({});
  const { page, reset, pagination } = useListPager();
  const label = `${SCOPE_LABEL[r.scope]}${KIND_LABEL[r.kind]}`;
  const params = { kind: r.kind, scope: r.scope, box, ...filters, ...page };
  const q = useQuery({ queryKey: ['documents', 'list', params], queryFn: () => docsApi.list(params) });
  const open = (row: DocRow) => navigate(`${r.previewRoute}?id=${row.id}`);
  const isReceipt = r.kind === 'receipt';
  const columns = [
    {
      title: isReceipt ? '收文编号' : '发文字号',
      key: 'no',
      width: 170,
      render: (_: unknown, d: DocRow) =>
        d.kind === 'dispatch' && !d.docNo ? <span style={{ color: '#666' }}>{docNoText(d)}</span> : docNoText(d),
    },
    ...(isReceipt ? [] : [{ title: '拟稿编号', dataIndex: 'serialNo', key: 'serial', width: 150 }]),
    {
      title: '文件标题',
      dataIndex: 'title',
      key: 'title',
      // the other columns have fixed widths: the title keeps room to be read, the table scrolls sideways instead
      width: 280,
      ellipsis: true,
      render: (v: string, d: DocRow) => (
        <a {...actionLink(() => open(d))} data-testid="doc-title">
          {v}
        </a>
      ),
    },
    ...(isReceipt
      ? [
          { title: '来文单位', dataIndex: 'sourceOrg', key: 'sourceOrg', width: 160 },
          { title: '来文字号', dataIndex: 'sourceNo', key: 'sourceNo', width: 150 },
          { title: '收文日期', dataIndex: 'receivedDate', key: 'rd', width: 110 },
        ]
      : [
          { title: '主送', dataIndex: 'mainTo', key: 'mainTo', width: 160, ellipsis: true },
          { title: '拟稿人', dataIndex: 'creatorName', key: 'c', width: 90 },
        ]),
    { title: '紧急程度', dataIndex: 'urgency', key: 'urgency', width: 90 },
    { title: '当前环节', dataIndex: 'currentNodes', key: 'node', width: 110 },
    { title: '状态', key: 'status', width: 130, render: (_: unknown, d: DocRow) => <DocStatusTag status={d.status} overdue={d.overdue} /> },
    { title: '登记时间', dataIndex: 'createdAt', key: 'createdAt', width: 150, render: (v: string) => fmtTime(v) },
  ];
  const boxes = r.manager
    ? [{ key: 'all', label: `全部${label}` }]
    : [
        { key: 'todo', label: '待办' },
        { key: 'involved', label: '经办' },
        { key: 'mine', label: isReceipt ? '我登记的' : '我拟稿的' },
      ];
  const canCreate = !r.manager || isReceipt;
  return (
    <div className="oa-page" data-testid="doc-list">
      <Card variant="borderless">
        <Space wrap style={{ marginBottom: 12 }}>
          <Input.Search
            allowClear
            placeholder="标题、文号、来文字号"
            aria-label="标题、文号、来文字号"
            style={{ width: 240 }}
            onSearch={(v) => {
              setFilters((f) => ({ ...f, keyword: v || undefined }));
              reset();
            }}
            data-testid="doc-search"
          />
          {isReceipt ? (
            <Input
              allowClear
              placeholder="来文单位"
              style={{ width: 160 }}
              onChange={(e) => setFilters((f) => ({ ...f, sourceOrg: e.target.value || undefined }))}
            />
          ) : null}
          <InputNumber
            placeholder="年度"
            min={2000}
            max={2100}
            style={{ width: 100 }}
            onChange={(v) => setFilters((f) => ({ ...f, year: v ?? undefined }))}
          />
          <Select
            allowClear
            placeholder="状态"
            aria-label="状态"
            style={{ width: 120 }}
            options={DOC_STATUSES.map((s) => ({ value: s, label: DOC_STATUS_LABELS[s] }))}
            onChange={(v?: string) => setFilters((f) => ({ ...f, status: v }))}
          />
          {r.manager && isReceipt ? (
            <Select
              allowClear
              placeholder="是否超期"
              aria-label="是否超期"
              style={{ width: 120 }}
              options={[{ value: 'Y', label: '仅看超期' }]}
              onChange={(v?: 'Y') => setFilters((f) => ({ ...f, overdue: v }))}
            />
          ) : null}
          {canCreate && !r.manager ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(r.editRoute)} data-testid="doc-new">
              {isReceipt ? '收文登记' : '拟稿'}
            </Button>
          ) : null}
          {r.manager ? (
            <Button
              icon={<DownloadOutlined />}
              onClick={() =>
                docsApi
                  .exportLedger(
                    Object.fromEntries(
                      Object.entries({ ...params, pageNumber: undefined, pageSize: undefined })
                        .filter(([, v]) => v !== undefined)
                        .map(([k, v]) => [k, String(v)]),
                    ),
                    `${label}台账`,
                  )
                  .catch(notifyError)
              }
            >
              导出 Excel
            </Button>
          ) : null}
        </Space>
        {r.box !== 'todo' ? (
          <Tabs
            activeKey={box}
            onChange={(k) => {
              setBox(k as Box);
              reset();
            }}
            items={boxes}
          />
        ) : null}
        <Table<DocRow>
          rowKey="id"
          size="middle"
          loading={q.isLoading}
          dataSource={q.data?.list ?? []}
          columns={columns}
          scroll={{ x: 'max-content' }}
          onRow={(d) => ({ onDoubleClick: () => void open(d) })}
          pagination={pagination(q.data)}
        />
      </Card>
    </div>
  );
}
