import { useState } from 'react';
import { Card, Input, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { PendingRow } from '@oa/shared/contract/archive';
import { fmtTime } from '../../engine/components/record-columns';
import { useTabRoute } from '../../lib/tab-route';
import { archiveApi } from './archive.api';
import { actionLink } from '../../lib/action-link';

/** /receiptPre, /dispatchPre: finished documents waiting to be filed; each opens the filing preview. */
export default function ArchivePendingPage() {
  const kind = useTabRoute().path.toLowerCase() === '/receiptpre' ? 'receipt' : 'dispatch';
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState<string>();
  const [page, setPage] = useState({ pageNumber: 1, pageSize: 20 });
  const q = useQuery({
    queryKey: ['archive', 'pending', kind, keyword, page],
    queryFn: () => archiveApi.pending({ kind, keyword, ...page }),
  });
  return (
    <div className="oa-page" data-testid="archive-pending">
      <Card variant="borderless" title={kind === 'receipt' ? '待归档收文（已办结）' : '待归档发文（已分发）'}>
        <Input.Search
          allowClear
          placeholder="标题、文号"
          aria-label="标题、文号"
          style={{ width: 240, marginBottom: 12 }}
          onSearch={(v) => setKeyword(v || undefined)}
        />
        <Table<PendingRow>
          rowKey="docId"
          size="middle"
          loading={q.isLoading}
          dataSource={q.data?.list ?? []}
          pagination={{
            current: page.pageNumber,
            pageSize: page.pageSize,
            total: q.data?.total ?? 0,
            onChange: (pageNumber, pageSize) => setPage({ pageNumber, pageSize }),
          }}
          columns={[
            { title: '文号', dataIndex: 'docNo', width: 180 },
            { title: '题名', dataIndex: 'title' },
            { title: '责任者', dataIndex: 'responsible', width: 180 },
            { title: '部门', dataIndex: 'deptName', width: 110 },
            { title: '办结时间', dataIndex: 'finishedAt', width: 150, render: (v: string | null) => fmtTime(v) },
            {
              title: '操作',
              key: 'op',
              width: 90,
              render: (_: unknown, r) => <a {...actionLink(() => navigate(`/archivePre?docId=${r.docId}`), 'link')}>归档</a>,
            },
          ]}
        />
      </Card>
    </div>
  );
}
