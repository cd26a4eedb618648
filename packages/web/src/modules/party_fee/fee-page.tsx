import { useState } from 'react';
import { Alert, Button, Card, DatePicker, Modal, Space, Table, Tabs, Tag, Typography } from 'antd';
import { CalculatorOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { formatMoney } from '@oa/shared/format/money';
import type { ArrearsItem } from '@oa/shared/contract/registers';
import { PARTY_FEE_BRACKETS, UNION_FEE_RATE } from '@oa/shared/modules/fee-rules';
import { moduleByRoute } from '@oa/shared/modules/registry';
import { useTabRoute } from '../../lib/tab-route';
import { errorMessage } from '../../lib/http-client';
import { feedback } from '../../lib/feedback';
import { RegisterList } from '../../engine/register/register-list';
import { registerApi } from '../../engine/register/register.api';
import { showError } from '../../lib/notify-error';

const M = 'YYYY-MM';

/** 按月生成: the month's unpaid fee rows of every active member, from their salary base. */
function GenerateButton({ code }: { code: string }) {
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const [month, setMonth] = useState<Dayjs>(dayjs());
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const { message } = await registerApi.generateFees(code, month.format(M));
      feedback().message.success(message);
      await qc.invalidateQueries({ queryKey: ['records', code] });
      setOpen(false);
    } catch (err) {
      showError(err, '生成失败');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button icon={<CalculatorOutlined />} onClick={() => setOpen(true)}>
        按月生成
      </Button>
      <Modal
        title="按月生成应缴记录"
        open={open}
        onOk={run}
        confirmLoading={busy}
        onCancel={() => setOpen(false)}
        okText="生成"
        cancelText="取消"
      >
        <Typography.Paragraph type="secondary">
          为在册人员生成所选月份的“未缴”记录，应缴金额按月工资基数自动计算；已有记录的人员跳过。
        </Typography.Paragraph>
        <DatePicker picker="month" value={month} onChange={(d) => d && setMonth(d)} format={M} allowClear={false} />
      </Modal>
    </>
  );
}

/** 欠缴名单: unpaid (or never generated) months of active members in a range. */
function Arrears({ code }: { code: string }) {
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().startOf('year'), dayjs()]);
  const q = useQuery({
    queryKey: ['records', code, 'arrears', range[0].format(M), range[1].format(M)],
    queryFn: () => registerApi.arrears(code, range[0].format(M), range[1].format(M)),
  });
  return (
    <Card variant="borderless" data-testid="arrears">
      <Space style={{ marginBottom: 12 }} wrap>
        <span>起止月份</span>
        <DatePicker.RangePicker
          picker="month"
          value={range}
          format={M}
          allowClear={false}
          onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
        />
        {q.data ? (
          <Typography.Text>
            欠缴 <b>{q.data.members}</b> 人，合计 <b>{formatMoney(q.data.totalAmount)}</b> 元
          </Typography.Text>
        ) : null}
      </Space>
      {q.error ? <Alert type="error" showIcon message={errorMessage(q.error)} /> : null}
      <Table<ArrearsItem>
        rowKey="idCard"
        size="middle"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        locale={{ emptyText: '没有欠缴' }}
        pagination={{ pageSize: 20, showTotal: (t) => `共 ${t} 人` }}
        columns={[
          { title: '姓名', dataIndex: 'name', width: 100 },
          { title: code === 'party_fee' ? '所在党支部' : '所在部门', dataIndex: 'group', width: 180 },
          { title: '欠缴月数', dataIndex: 'unpaidMonths', width: 90 },
          { title: '欠缴金额（元）', dataIndex: 'amount', width: 120, render: (v: number) => formatMoney(v) },
          {
            title: '欠缴月份',
            dataIndex: 'months',
            render: (v: string[]) => (
              <Space size={[4, 4]} wrap>
                {v.map((x) => (
                  <Tag key={x} color="red">
                    {x}
                  </Tag>
                ))}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}

function RateNote({ code }: { code: string }) {
  const text =
    code === 'party_fee'
      ? `党费按月工资基数分档计算：${PARTY_FEE_BRACKETS.map((b) => `${b.label}缴纳${b.rate}%`).join('；')}。`
      : `工会会费按月工资基数的${UNION_FEE_RATE}%计算。`;
  return <Alert type="info" showIcon message={text} style={{ marginTop: 12 }} />;
}

/** /PartyFee and /LabourFee: the fee register with monthly generation, and the arrears list. */
export default function FeePage() {
  const { path } = useTabRoute();
  const m = moduleByRoute(path)!.module;
  return (
    <Tabs
      className="oa-page"
      style={{ padding: '0 12px' }}
      items={[
        {
          key: 'list',
          label: '缴费台账',
          children: <RegisterList m={m} toolbar={<GenerateButton code={m.code} />} extra={<RateNote code={m.code} />} />,
        },
        { key: 'arrears', label: '欠缴名单', children: <Arrears code={m.code} /> },
      ]}
    />
  );
}
