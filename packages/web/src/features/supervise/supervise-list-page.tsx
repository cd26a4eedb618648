import { useState } from 'react';
import { Button, Card, Input, Select, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { SUPERVISE_STATUS } from '@oa/shared/contract/supervise';
import { useListPager } from '../../lib/list-pager';
import { superviseApi } from './supervise.api';
import { SuperviseTable } from './supervise-table';

/** /supervise — 督办事项: the tasks I supervise. */
export default function SuperviseListPage() {
  const navigate = useNavigate();
  const { page, reset, pagination } = useListPager();
  const [status, setStatus] = useState<string | undefined>();
  const [keyword, setKeyword] = useState<string | undefined>();
  const q = useQuery({
    queryKey: ['supervise', 'mine', page, status, keyword],
    queryFn: () => superviseApi.list({ ...page, scope: 'mine', status, keyword }),
  });
  return (
    <div className="oa-page" data-testid="supervise-list-page">
      <Card
        title="督办事项"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/supervise/edit')}>
            督办立项
          </Button>
        }
      >
        <Space style={{ marginBottom: 12 }}>
          <Select
            allowClear
            placeholder="全部状态"
            aria-label="全部状态"
            style={{ width: 140 }}
            value={status}
            onChange={setStatus}
            options={[{ value: 'open', label: '未办结' }, ...Object.entries(SUPERVISE_STATUS).map(([value, label]) => ({ value, label }))]}
          />
          <Input.Search
            allowClear
            placeholder="督办事项"
            aria-label="督办事项"
            maxLength={50}
            onSearch={(v) => {
              setKeyword(v || undefined);
              reset();
            }}
          />
        </Space>
        <SuperviseTable
          data={q.data?.list ?? []}
          loading={q.isPending}
          onOpen={(t) => navigate(`/supervise/exec?id=${t.id}`)}
          pagination={pagination(q.data)}
        />
      </Card>
    </div>
  );
}
