import { useState } from 'react';
import { Card, Input, InputNumber, Space, Table, Tabs, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { leaveModule, LEAVE_TYPES } from '@oa/shared/modules/leave.module';
import type { LeaveBalance } from '@oa/shared/contract/approval-modules';
import { leaveApi } from './leave.api';
import { RecordList } from '../../engine/components/record-list';
import { SingleRouteDrawer, type DrawerState } from '../../engine/components/single-route-drawer';

const RULES: Record<string, string> = {
  年休假: '工作满1年不满10年5天，满10年不满20年10天，满20年15天；当年有效，按工作日计',
  事假: '扣除当日工资，每次不超过3个工作日，超过须办公室主任审批',
  病假: '三天及以上须上传医院证明',
  调休: '以加班时间冲抵',
  婚假: '3天（依法登记结婚）',
  产假: '98天，另按地方规定增加',
  陪产假: '15天（依地方规定）',
  丧假: '直系亲属3天',
  探亲假: '按国家规定执行',
};

/** 请假管理 (/LeaveManage): everyone's leave, leave types with their rules, and each person's annual-leave balance. */
export default function LeaveManagePage() {
  const [drawer, setDrawer] = useState<DrawerState | null>(null);
  const [year, setYear] = useState(new Date().getFullYear());
  const [keyword, setKeyword] = useState('');
  const balances = useQuery({
    queryKey: ['leave', 'balances', year, keyword],
    queryFn: () => leaveApi.leaveBalances(year, keyword || undefined),
  });
  return (
    <div className="oa-page" data-testid="leave-manage">
      <Card variant="borderless">
        <Tabs
          items={[
            {
              key: 'records',
              label: '请假记录',
              children: <RecordList m={leaveModule} initialView="manage" onOpen={(id) => setDrawer({ id, mode: 'view' })} />,
            },
            {
              key: 'balance',
              label: '年休假余额',
              children: (
                <>
                  <Space style={{ marginBottom: 12 }}>
                    <InputNumber<number> value={year} min={2000} max={2100} onChange={(v) => v && setYear(v)} addonAfter="年" />
                    <Input.Search
                      allowClear
                      placeholder="姓名或账号"
                      aria-label="姓名或账号"
                      onSearch={setKeyword}
                      style={{ width: 220 }}
                    />
                  </Space>
                  <Table<LeaveBalance>
                    rowKey="userCode"
                    size="small"
                    loading={balances.isFetching}
                    dataSource={balances.data ?? []}
                    locale={{ emptyText: '暂无数据' }}
                    columns={[
                      { title: '姓名', dataIndex: 'userName' },
                      { title: '部门', dataIndex: 'deptName' },
                      { title: '入职日期', dataIndex: 'entryDate' },
                      { title: '工龄（年）', dataIndex: 'years' },
                      { title: '应休（天）', dataIndex: 'entitlement' },
                      { title: '已休（天）', dataIndex: 'used' },
                      { title: '审批中（天）', dataIndex: 'pending' },
                      {
                        title: '剩余（天）',
                        dataIndex: 'balance',
                        render: (v: number, r) => <Tag color={v === 0 && r.entitlement > 0 ? 'default' : 'success'}>{v}</Tag>,
                      },
                    ]}
                  />
                </>
              ),
            },
            {
              key: 'types',
              label: '假期类型',
              children: (
                <Table
                  rowKey="value"
                  size="small"
                  pagination={false}
                  dataSource={[...LEAVE_TYPES]}
                  columns={[
                    { title: '假期类型', dataIndex: 'label', width: 160 },
                    { title: '规定', dataIndex: 'value', render: (v: string) => RULES[v] ?? '' },
                  ]}
                />
              ),
            },
          ]}
        />
      </Card>
      <SingleRouteDrawer m={leaveModule} state={drawer} onChange={setDrawer} />
    </div>
  );
}
