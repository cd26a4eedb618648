import { useState } from 'react';
import { Alert, Button, Card, Form, Input, InputNumber, Select, Space, Spin, Switch } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { REWARD_KINDS, REWARD_TITLES, REWARD_UNITS } from '@oa/shared/modules/reward.module';
import { rewardRateBody, type RewardRateBody } from '@oa/shared/contract/approval-modules';
import { errorMessage } from '../../lib/http-client';
import { feedback } from '../../lib/feedback';
import { rewardApi } from './reward.api';

/** 劳务费标准编辑 (/reward/settingEdit[?id=]): one rate of the table. */
export default function RewardSettingEditPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? undefined;
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [form] = Form.useForm<RewardRateBody>();
  const [problem, setProblem] = useState<string | null>(null);
  const q = useQuery({ queryKey: ['reward-rates', id], queryFn: () => rewardApi.rate(id!), enabled: !!id });
  const save = async () => {
    const parsed = rewardRateBody.safeParse({ ...form.getFieldsValue(true), id });
    if (!parsed.success) {
      form.setFields(parsed.error.issues.map((i) => ({ name: i.path.join('.') as keyof RewardRateBody, errors: [i.message] })));
      return;
    }
    try {
      await rewardApi.saveRate(parsed.data);
      feedback().message.success('已保存');
      await qc.invalidateQueries({ queryKey: ['reward-rates'] });
      navigate('/reward/setting');
    } catch (err) {
      setProblem(errorMessage(err));
    }
  };
  if (id && q.isLoading)
    return (
      <div className="oa-page">
        <Spin />
      </div>
    );
  return (
    <div className="oa-page" data-testid="reward-setting-edit">
      <Card variant="borderless" title={id ? '编辑劳务费标准' : '新增劳务费标准'} style={{ maxWidth: 720 }}>
        {problem ? <Alert type="error" showIcon message={problem} style={{ marginBottom: 16 }} /> : null}
        <Form form={form} layout="vertical" initialValues={q.data ?? { enabled: true, unit: '天' }}>
          <Form.Item name="serviceKind" label="劳务类型" required>
            <Select options={[...REWARD_KINDS]} placeholder="请选择劳务类型" />
          </Form.Item>
          <Form.Item name="payeeTitle" label="职称级别" required>
            <Select options={[...REWARD_TITLES]} placeholder="请选择职称级别" />
          </Form.Item>
          <Form.Item name="unit" label="计量单位" required>
            <Select options={[...REWARD_UNITS]} />
          </Form.Item>
          <Form.Item name="rate" label="标准单价（元）" required>
            <InputNumber<number> min={0} precision={2} style={{ width: '100%' }} prefix="¥" />
          </Form.Item>
          <Form.Item name="maxUnits" label="单次上限" extra="一次申请最多的工作量，不填为不限">
            <InputNumber<number> min={1} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="remark" label="备注">
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="enabled" label="启用" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
        <Space>
          <Button type="primary" onClick={save}>
            保存
          </Button>
          <Button onClick={() => navigate('/reward/setting')}>返回</Button>
        </Space>
      </Card>
    </div>
  );
}
