import { useState } from 'react';
import { Alert, Button, Card, DatePicker, Form, Input, Select, Space, Typography } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Dayjs } from 'dayjs';
import { SUPERVISE_SOURCE, superviseBody, type SuperviseSource } from '@oa/shared/contract/supervise';
import { usePeople } from '../../engine/use-module';
import { notifyError } from '../../lib/notify-error';
import { feedback } from '../../lib/feedback';
import { superviseApi } from './supervise.api';
import { LabelSelect } from '../../lib/label-select';

interface Values {
  title: string;
  content: string;
  sourceType: SuperviseSource;
  leadDept: string;
  ownerUser: string;
  assistDepts: string[];
  dueDate: Dayjs | null;
  subtasks: Array<{ title: string; deptCode: string; ownerUser: string; dueDate: Dayjs | null }>;
}

/**
 * /supervise/edit — 督办立项. Other areas link here with `?sourceType=receipt|meeting|…&sourceId=&sourceTitle=&sourceLink=`
 * (a document's 批示, a meeting's resolution); the source is kept and linked back.
 */
export default function SuperviseEditPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { users, depts } = usePeople();
  const [form] = Form.useForm<Values>();
  const [problem, setProblem] = useState<string | null>(null);
  const source = {
    sourceType: (Object.keys(SUPERVISE_SOURCE).includes(params.get('sourceType') ?? '')
      ? params.get('sourceType')
      : 'leader') as SuperviseSource,
    sourceId: params.get('sourceId'),
    sourceTitle: params.get('sourceTitle'),
    sourceLink: params.get('sourceLink'),
  };
  const safeLink = source.sourceLink && /^\/[A-Za-z0-9/_?&=.%-]*$/.test(source.sourceLink) ? source.sourceLink : null;
  const leadDept = Form.useWatch('leadDept', form);
  const deptOptions = depts.filter((d) => d.parentCode).map((d) => ({ value: d.deptCode, label: d.deptName }));
  const userOptions = (dept?: string) =>
    users
      .filter((u) => !dept || u.deptCode === dept)
      .map((u) => ({ value: u.userCode, label: `${u.userName}${u.deptName ? `（${u.deptName}）` : ''}` }));
  const save = async () => {
    const v = form.getFieldsValue(true) as Values;
    const parsed = superviseBody.safeParse({
      ...v,
      sourceId: source.sourceId,
      sourceTitle: source.sourceTitle,
      sourceLink: safeLink,
      assistDepts: v.assistDepts ?? [],
      dueDate: v.dueDate?.format('YYYY-MM-DD'),
      subtasks: (v.subtasks ?? []).map((s) => ({ ...s, dueDate: s?.dueDate?.format('YYYY-MM-DD') })),
    });
    if (!parsed.success) {
      form.setFields(parsed.error.issues.map((i) => ({ name: i.path as never, errors: [i.message] })));
      setProblem(parsed.error.issues[0]?.message ?? '请检查填写内容');
      return;
    }
    try {
      const d = await superviseApi.create(parsed.data);
      feedback().message.success(`督办事项已交办（${d.task.serialNo}）`);
      await qc.invalidateQueries({ queryKey: ['supervise'] });
      navigate(`/supervise/exec?id=${d.task.id}`);
    } catch (err) {
      notifyError(err);
    }
  };
  return (
    <div className="oa-page" data-testid="supervise-edit-page">
      <Card title="督办立项" style={{ maxWidth: 900 }}>
        {source.sourceTitle ? (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            message={
              <span>
                来源：{SUPERVISE_SOURCE[source.sourceType]} ·{' '}
                {safeLink ? <Link to={safeLink}>{source.sourceTitle}</Link> : source.sourceTitle}
              </span>
            }
          />
        ) : null}
        {problem ? (
          <Alert type="error" showIcon style={{ marginBottom: 16 }} message={problem} closable onClose={() => setProblem(null)} />
        ) : null}
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={{
            sourceType: source.sourceType,
            title: source.sourceTitle ? `落实：${source.sourceTitle}`.slice(0, 100) : '',
            assistDepts: [],
            subtasks: [],
          }}
        >
          <Form.Item name="title" label="督办事项" required>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="content" label="督办内容及要求" required>
            <Input.TextArea rows={4} maxLength={4000} showCount />
          </Form.Item>
          <Space wrap size="large">
            <Form.Item name="sourceType" label="督办来源" required>
              <Select
                style={{ width: 160 }}
                options={Object.entries(SUPERVISE_SOURCE)
                  .filter(([v]) => superviseBody.shape.sourceType.options.includes(v as never))
                  .map(([value, label]) => ({ value, label }))}
              />
            </Form.Item>
            <Form.Item name="leadDept" label="牵头部门" required>
              <Select
                style={{ width: 180 }}
                options={deptOptions}
                placeholder="选择部门"
                onChange={() => form.setFieldValue('ownerUser', undefined)}
              />
            </Form.Item>
            <Form.Item name="ownerUser" label="责任人" required>
              <Select showSearch optionFilterProp="label" style={{ width: 200 }} options={userOptions(leadDept)} placeholder="选择责任人" />
            </Form.Item>
            <Form.Item name="dueDate" label="办结期限" required>
              <DatePicker />
            </Form.Item>
          </Space>
          <Form.Item name="assistDepts" label="协办部门">
            <LabelSelect mode="multiple" options={deptOptions.filter((d) => d.value !== leadDept)} placeholder="可多选" />
          </Form.Item>
          <Typography.Title level={5}>任务分解</Typography.Title>
          <Form.List name="subtasks">
            {(fields, { add, remove }) => (
              <>
                {fields.map((f) => (
                  <Space key={f.key} align="baseline" wrap>
                    <Form.Item name={[f.name, 'title']} rules={[{ required: true, message: '请输入子任务' }]}>
                      <Input placeholder="子任务" maxLength={100} style={{ width: 240 }} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'deptCode']}>
                      <Select placeholder="部门" style={{ width: 140 }} options={deptOptions} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'ownerUser']}>
                      <Select
                        showSearch
                        optionFilterProp="label"
                        placeholder="责任人"
                        style={{ width: 170 }}
                        options={userOptions(form.getFieldValue(['subtasks', f.name, 'deptCode']))}
                      />
                    </Form.Item>
                    <Form.Item name={[f.name, 'dueDate']}>
                      <DatePicker placeholder="期限" />
                    </Form.Item>
                    <MinusCircleOutlined onClick={() => remove(f.name)} />
                  </Space>
                ))}
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})}>
                  添加子任务
                </Button>
              </>
            )}
          </Form.List>
        </Form>
        <Space style={{ marginTop: 24 }}>
          <Button type="primary" onClick={() => void save()}>
            交办
          </Button>
          <Button onClick={() => navigate('/supervise')}>返回</Button>
        </Space>
      </Card>
    </div>
  );
}
