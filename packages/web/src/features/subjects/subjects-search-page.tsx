import { useState } from 'react';
import { Button, Card, Col, Form, Input, InputNumber, Row, Select, Space } from 'antd';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { SUBJECT_STATUSES, SUBJECT_STATUS_LABELS } from '@oa/shared/contract/subjects';
import { useTabRoute } from '../../lib/tab-route';
import { subjectsApi } from './subjects.api';
import { SubjectsTable } from './subjects-table';

type Filters = {
  keyword?: string;
  year?: number;
  batchId?: string;
  status?: string;
  leader?: string;
  org?: string;
  budgetMin?: number;
  budgetMax?: number;
};
const thisYear = new Date().getFullYear();

/** /tb/search (name, year, status) and /tb/search_pro (also batch, leader, organisation, budget range). */
export default function SubjectsSearchPage() {
  const { path } = useTabRoute();
  const pro = path.toLowerCase() === '/tb/search_pro';
  const navigate = useNavigate();
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState({ pageNumber: 1, pageSize: 10 });
  const batches = useQuery({ queryKey: ['subject-batches'], queryFn: subjectsApi.batches, enabled: pro });
  const q = useQuery({
    queryKey: ['subjects', 'search', filters, page],
    queryFn: () => subjectsApi.list('search', { ...filters, ...page }),
  });
  const search = (v: Filters) => {
    const clean = Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined && x !== null && x !== '')) as Filters;
    setFilters(clean);
    setPage((p) => ({ ...p, pageNumber: 1 }));
  };
  return (
    <div className="oa-page" data-testid={pro ? 'subjects-search-pro' : 'subjects-search'}>
      <Card
        title={pro ? '高级查询' : '课题查询'}
        extra={
          !pro && (
            <Button type="link" onClick={() => navigate('/tb/search_pro')}>
              高级查询
            </Button>
          )
        }
      >
        <Form form={form} onFinish={search} layout="vertical">
          <Row gutter={16}>
            <Col span={6}>
              <Form.Item name="keyword" label="课题名称/编号">
                <Input allowClear />
              </Form.Item>
            </Col>
            <Col span={4}>
              <Form.Item name="year" label="年度">
                <Select
                  allowClear
                  options={Array.from({ length: 6 }, (_, i) => thisYear + 1 - i).map((y) => ({ value: y, label: `${y}年` }))}
                />
              </Form.Item>
            </Col>
            <Col span={4}>
              <Form.Item name="status" label="状态">
                <Select
                  allowClear
                  options={SUBJECT_STATUSES.filter((x) => x !== 'draft' && x !== 'returned').map((x) => ({
                    value: x,
                    label: SUBJECT_STATUS_LABELS[x],
                  }))}
                />
              </Form.Item>
            </Col>
            {pro && (
              <>
                <Col span={10}>
                  <Form.Item name="batchId" label="申报批次">
                    <Select allowClear options={(batches.data ?? []).map((b) => ({ value: b.id, label: b.name }))} />
                  </Form.Item>
                </Col>
                <Col span={6}>
                  <Form.Item name="leader" label="负责人">
                    <Input allowClear />
                  </Form.Item>
                </Col>
                <Col span={8}>
                  <Form.Item name="org" label="承担单位">
                    <Input allowClear />
                  </Form.Item>
                </Col>
                <Col span={10}>
                  <Form.Item label="经费区间（元）">
                    <Space.Compact>
                      <Form.Item name="budgetMin" noStyle>
                        <InputNumber min={0} placeholder="最低" style={{ width: 140 }} />
                      </Form.Item>
                      <Form.Item
                        name="budgetMax"
                        noStyle
                        rules={[
                          ({ getFieldValue }) => ({
                            validator: (_, v) =>
                              v === undefined ||
                              v === null ||
                              getFieldValue('budgetMin') === undefined ||
                              getFieldValue('budgetMin') === null ||
                              v >= getFieldValue('budgetMin')
                                ? Promise.resolve()
                                : Promise.reject(new Error('经费上限不能小于下限')),
                          }),
                        ]}
                      >
                        <InputNumber min={0} placeholder="最高" style={{ width: 140 }} />
                      </Form.Item>
                    </Space.Compact>
                  </Form.Item>
                </Col>
              </>
            )}
          </Row>
          <Space style={{ marginBottom: 16 }}>
            <Button type="primary" htmlType="submit">
              查询
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                search({});
              }}
            >
              重置
            </Button>
          </Space>
        </Form>
        <SubjectsTable loading={q.isPending} data={q.data} page={page} onPage={setPage} />
      </Card>
    </div>
  );
}
