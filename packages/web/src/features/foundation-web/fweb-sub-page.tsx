import { Button, Card, Space, Table, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { formatMoney } from '@oa/shared/format/money';
import {
  CONTRACT_STATUS_LABELS,
  DECLARE_EDITABLE,
  SUBJECT_STATUS_COLORS,
  SUBJECT_STATUS_LABELS,
  type SubjectItem,
} from '@oa/shared/contract/subjects';
import { fwebApi } from './fweb.api';
import { FW } from './foundation-routes';

/** /foundationForWeb/sub — my subjects: edit the declaration, fill the contract, follow the progress. */
export default function FwebSubPage() {
  const navigate = useNavigate();
  const q = useQuery({ queryKey: ['fweb-subjects'], queryFn: () => fwebApi.subjects() });
  const to = (path: string, id: string) => navigate(`${FW}/${path}?id=${encodeURIComponent(id)}`);
  return (
    <Card
      title="我的课题"
      extra={
        <Button type="primary" onClick={() => navigate(`${FW}/index`)}>
          申报新课题
        </Button>
      }
    >
      <Table<SubjectItem>
        rowKey="id"
        loading={q.isPending}
        dataSource={q.data?.list ?? []}
        pagination={false}
        data-testid="fweb-sub-table"
        columns={[
          { title: '课题编号', dataIndex: 'code', width: 120, render: (v: string | null) => v ?? '—' },
          { title: '课题名称', dataIndex: 'name' },
          { title: '申报批次', dataIndex: 'batchName' },
          {
            title: '申请经费（元）',
            dataIndex: 'budget',
            align: 'right',
            render: (v: number | null) => (v === null ? '—' : formatMoney(v)),
          },
          {
            title: '状态',
            dataIndex: 'status',
            render: (v: SubjectItem['status']) => <Tag color={SUBJECT_STATUS_COLORS[v]}>{SUBJECT_STATUS_LABELS[v]}</Tag>,
          },
          { title: '合同', dataIndex: 'contractStatus', render: (v: SubjectItem['contractStatus']) => CONTRACT_STATUS_LABELS[v] },
          { title: '更新时间', dataIndex: 'updatedAt', render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
          {
            title: '操作',
            key: 'op',
            width: 240,
            render: (_, s) => (
              <Space size={0} wrap>
                {DECLARE_EDITABLE.includes(s.status) ? (
                  <Button type="link" size="small" onClick={() => to('subjectDeclare/applicationForm', s.id)}>
                    填写申报书
                  </Button>
                ) : (
                  <Button type="link" size="small" onClick={() => to('subjectDeclare/applicationForm', s.id)}>
                    查看申报书
                  </Button>
                )}
                {s.status === 'approved' && s.contractStatus !== 'approving' && (
                  <Button type="link" size="small" onClick={() => to('contract/application', s.id)}>
                    填写合同
                  </Button>
                )}
                {s.contractStatus === 'approving' || s.contractStatus === 'signed' ? (
                  <Button type="link" size="small" onClick={() => to('contract/application', s.id)}>
                    查看合同
                  </Button>
                ) : null}
                <Button type="link" size="small" onClick={() => to('tb/tab1', s.id)}>
                  进度
                </Button>
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
