import { useState } from 'react';
import { Alert, Card, DatePicker, Select, Space, Table, Tabs, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import type { AttendanceSheetRow } from '@oa/shared/contract/registers';
import { attendanceRegister } from '@oa/shared/modules/hr-registers.module';
import { errorMessage } from '../../lib/http-client';
import { RegisterList } from '../../engine/register/register-list';
import { registerApi } from '../../engine/register/register.api';
import { usePeople } from '../../engine/use-module';

const num = (v: number | null) => (v === null ? <Typography.Text type="secondary">—</Typography.Text> : v);

/** 月度考勤表: everyone's month — the attendance figures and the approved leave (working days) by type. */
function MonthlySheet() {
  const [month, setMonth] = useState<Dayjs>(dayjs());
  const [dept, setDept] = useState<string | undefined>();
  const { depts } = usePeople();
  const q = useQuery({
    queryKey: ['records', 'hr_attendance', 'sheet', month.format('YYYY-MM'), dept],
    queryFn: () => registerApi.attendanceSheet(month.format('YYYY-MM'), dept),
  });
  const types = q.data?.leaveTypes ?? [];
  return (
    <Card variant="borderless" data-testid="attendance-sheet">
      <Space style={{ marginBottom: 12 }} wrap>
        <DatePicker picker="month" value={month} allowClear={false} format="YYYY-MM" onChange={(d) => d && setMonth(d)} />
        <Select
          allowClear
          placeholder="全部部门"
          aria-label="全部部门"
          style={{ width: 200 }}
          value={dept}
          onChange={setDept}
          options={depts.map((d) => ({ value: d.deptCode, label: d.deptName }))}
        />
        {q.data ? (
          <Typography.Text type="secondary">
            本月工作日 {q.data.workingDays} 天；请假天数取自已审批通过的请假申请（按工作日计）。
          </Typography.Text>
        ) : null}
      </Space>
      {q.error ? <Alert type="error" showIcon message={errorMessage(q.error)} /> : null}
      <Table<AttendanceSheetRow>
        rowKey="userCode"
        size="small"
        bordered
        loading={q.isFetching}
        dataSource={q.data?.rows ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: 50, showTotal: (t) => `共 ${t} 人` }}
        rowClassName={(r) => (r.recordId ? '' : 'oa-row-warning')}
        columns={[
          { title: '姓名', dataIndex: 'userName', fixed: 'left', width: 90 },
          { title: '部门', dataIndex: 'deptName', width: 120 },
          { title: '应出勤', dataIndex: 'workDays', render: num },
          { title: '实出勤', dataIndex: 'actualDays', render: num },
          { title: '迟到', dataIndex: 'lateTimes', render: num },
          { title: '早退', dataIndex: 'earlyTimes', render: num },
          { title: '旷工', dataIndex: 'absentDays', render: num },
          { title: '出差', dataIndex: 'businessTripDays', render: num },
          { title: '加班(小时)', dataIndex: 'overtimeHours', render: num },
          ...types.map((t) => ({ title: t, key: `leave-${t}`, render: (_: unknown, r: AttendanceSheetRow) => r.leave[t] ?? 0 })),
          { title: '请假合计', dataIndex: 'leaveDays' },
        ]}
      />
      <Typography.Text type="secondary">橙色行：本月尚未登记考勤。</Typography.Text>
    </Card>
  );
}

/** /Attendance: the monthly sheet and the attendance register. */
export default function AttendancePage() {
  return (
    <Tabs
      className="oa-page"
      style={{ padding: '0 12px' }}
      items={[
        { key: 'sheet', label: '月度考勤表', children: <MonthlySheet /> },
        { key: 'list', label: '考勤登记', children: <RegisterList m={attendanceRegister} /> },
      ]}
    />
  );
}
