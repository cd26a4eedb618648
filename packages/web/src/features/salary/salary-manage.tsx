import { useState } from 'react';
import { Alert, Button, DatePicker, Popconfirm, Space, Table, Tag, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { SALARY_BATCH_STATUS, type SalaryBatch } from '@oa/shared/contract/salary';
import { notifyError } from '../../lib/notify-error';
import { feedback } from '../../lib/feedback';
import { useListPager } from '../../lib/list-pager';
import { salaryApi, type ImportResult } from './salary.api';
import { SalaryBatchDrawer } from './salary-batch-drawer';

const STATUS_COLOR = { draft: 'orange', sent: 'green', withdrawn: 'default' } as const;

/** Finance: import a month's Excel (any columns), fix unmatched rows, preview, send, withdraw, export. */
export function SalaryManage() {
  const qc = useQueryClient();
  const [month, setMonth] = useState<Dayjs>(dayjs().subtract(1, 'month'));
  const { page, pagination } = useListPager();
  const [result, setResult] = useState<ImportResult | null>(null);
  const [reimport, setReimport] = useState<SalaryBatch | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const q = useQuery({ queryKey: ['salary', 'batches', page], queryFn: () => salaryApi.batches(page) });
  const reload = () => void qc.invalidateQueries({ queryKey: ['salary'] });
  const doImport = async (file: File) => {
    try {
      const r = await salaryApi.importFile(file, reimport?.month ?? month.format('YYYY-MM'), reimport?.id);
      setResult(r);
      setReimport(null);
      feedback().message[r.unmatchedRows.length ? 'warning' : 'success'](
        r.unmatchedRows.length ? `有 ${r.unmatchedRows.length} 行未匹配到人员` : `导入成功，共 ${r.rows.length} 人`,
      );
      reload();
    } catch (err) {
      notifyError(err);
    }
    return false;
  };
  const act = async (fn: () => Promise<unknown>, msg: string) => {
    try {
      await fn();
      feedback().message.success(msg);
      reload();
    } catch (err) {
      notifyError(err);
    }
  };
  return (
    <div data-testid="salary-manage">
      <Space style={{ marginBottom: 12 }} wrap>
        {reimport ? (
          <Tag color="orange" closable onClose={() => setReimport(null)}>
            重新导入：{reimport.title}
          </Tag>
        ) : (
          <DatePicker picker="month" value={month} onChange={(v) => v && setMonth(v)} allowClear={false} />
        )}
        <Upload
          accept=".xlsx"
          showUploadList={false}
          beforeUpload={(f) => {
            void doImport(f);
            return false;
          }}
        >
          <Button type="primary" icon={<UploadOutlined />}>
            {reimport ? '选择修正后的 Excel' : '导入工资 Excel'}
          </Button>
        </Upload>
        <span style={{ color: '#666' }}>
          表头列出各列名称（工号 / 姓名 / 手机号 / 银行卡号，其余列为工资项目，表头上方可有标题行），按工号或姓名 + 手机号匹配人员。
        </span>
      </Space>
      {result && result.unmatchedRows.length ? (
        <Alert
          type="error"
          showIcon
          closable
          onClose={() => setResult(null)}
          style={{ marginBottom: 12 }}
          data-testid="salary-unmatched"
          message={`${result.batch.title}：有 ${result.unmatchedRows.length} 行未匹配到人员，全部匹配后才能发送`}
          description={
            <ul style={{ margin: 0, paddingLeft: 18 }}>
              {result.unmatchedRows.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          }
        />
      ) : null}
      <Table<SalaryBatch>
        rowKey="id"
        loading={q.isPending}
        dataSource={q.data?.list ?? []}
        pagination={pagination(q.data)}
        columns={[
          { title: '月份', dataIndex: 'month', width: 90 },
          { title: '批次', dataIndex: 'title' },
          { title: '人数', dataIndex: 'rowCount', width: 70 },
          { title: '未匹配', dataIndex: 'unmatched', width: 80, render: (v: number) => (v ? <Tag color="red">{v}</Tag> : 0) },
          { title: '已查看 / 已确认', width: 130, render: (_, b) => `${b.readCount} / ${b.confirmedCount}` },
          {
            title: '状态',
            dataIndex: 'status',
            width: 90,
            render: (s: SalaryBatch['status']) => <Tag color={STATUS_COLOR[s]}>{SALARY_BATCH_STATUS[s]}</Tag>,
          },
          {
            title: '操作',
            width: 300,
            render: (_, b) => (
              <Space size={0} wrap>
                <Button type="link" size="small" onClick={() => setOpenId(b.id)}>
                  预览
                </Button>
                {b.status !== 'sent' ? (
                  <Popconfirm
                    title={`确定将${b.title}发送给 ${b.rowCount} 人吗？`}
                    onConfirm={() => act(() => salaryApi.send(b.id), '已发送')}
                  >
                    <Button type="link" size="small">
                      {b.status === 'withdrawn' ? '重新发送' : '发送'}
                    </Button>
                  </Popconfirm>
                ) : null}
                {b.status === 'sent' ? (
                  <Popconfirm
                    title="撤回后员工将看不到本批工资条，确定撤回吗？"
                    onConfirm={() => act(() => salaryApi.withdraw(b.id), '已撤回')}
                  >
                    <Button type="link" size="small" danger>
                      撤回
                    </Button>
                  </Popconfirm>
                ) : null}
                {b.status !== 'sent' ? (
                  <Button type="link" size="small" onClick={() => setReimport(b)}>
                    重新导入
                  </Button>
                ) : null}
                <Button type="link" size="small" onClick={() => void salaryApi.exportFile(b.id, b.title).catch(notifyError)}>
                  导出
                </Button>
                {b.status === 'draft' ? (
                  <Popconfirm title="确定删除该批次吗？" onConfirm={() => act(() => salaryApi.remove(b.id), '删除成功')}>
                    <Button type="link" size="small" danger>
                      删除
                    </Button>
                  </Popconfirm>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      {openId ? <SalaryBatchDrawer id={openId} onClose={() => setOpenId(null)} onChanged={reload} /> : null}
    </div>
  );
}
