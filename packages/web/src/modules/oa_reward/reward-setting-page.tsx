import { Button, Card, Popconfirm, Space, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { formatMoney } from '@oa/shared/format/money';
import type { RewardRate } from '@oa/shared/contract/approval-modules';
import { useCan } from '../../state/permission';
import { feedback } from '../../lib/feedback';
import { rewardApi } from './reward.api';
import { notifyError } from '../../lib/notify-error';

/** 劳务费标准 (/reward/setting): the rate per kind of service and title; applications compute rate × units from it. */
export default function RewardSettingPage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const canEdit = useCan('oa_reward_setting_edit');
  const q = useQuery({ queryKey: ['reward-rates'], queryFn: rewardApi.rates });
  const remove = async (id: string) => {
    try {
      await rewardApi.removeRate(id);
      feedback().message.success('已删除');
      await qc.invalidateQueries({ queryKey: ['reward-rates'] });
    } catch (err) {
      notifyError(err);
    }
  };
  return (
    <div className="oa-page" data-testid="reward-setting">
      <Card
        variant="borderless"
        title="劳务费标准"
        extra={
          canEdit ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/reward/settingEdit')}>
              新增标准
            </Button>
          ) : null
        }
      >
        <Table<RewardRate>
          rowKey="id"
          size="middle"
          loading={q.isFetching}
          dataSource={q.data ?? []}
          pagination={false}
          locale={{ emptyText: '暂无数据' }}
          columns={[
            { title: '劳务类型', dataIndex: 'serviceKind' },
            { title: '职称级别', dataIndex: 'payeeTitle' },
            { title: '标准单价', dataIndex: 'rate', align: 'right', render: (v: number, r) => `${formatMoney(v)} 元/${r.unit}` },
            { title: '单次上限', dataIndex: 'maxUnits', render: (v: number | null, r) => (v === null ? '不限' : `${v}${r.unit}`) },
            { title: '状态', dataIndex: 'enabled', render: (v: boolean) => (v ? <Tag color="success">启用</Tag> : <Tag>停用</Tag>) },
            { title: '备注', dataIndex: 'remark' },
            ...(canEdit
              ? [
                  {
                    key: 'op',
                    title: '操作',
                    render: (_: unknown, r: RewardRate) => (
                      <Space size={0}>
                        <Button type="link" size="small" onClick={() => navigate(`/reward/settingEdit?id=${r.id}`)}>
                          编辑
                        </Button>
                        <Popconfirm title="确定删除该标准吗？" okText="删除" cancelText="取消" onConfirm={() => remove(r.id)}>
                          <Button type="link" size="small" danger>
                            删除
                          </Button>
                        </Popconfirm>
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
    </div>
  );
}
