import { useEffect, useState } from 'react';
import { Button, Card, DatePicker, Form, Input, Radio, Space, Spin } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import dayjs, { type Dayjs } from 'dayjs';
import { LIVE_STATUSES, LIVE_STATUS_LABELS, type LiveStatus } from '@oa/shared/contract/meetings';
import { errorMessage } from '../../lib/http-client';
import { feedback } from '../../lib/feedback';
import { liveApi } from './meetings.api';

interface Values {
  meetingTopic: string;
  status: LiveStatus;
  startTime?: Dayjs;
  innerUrl?: string;
  outerUrl?: string;
  replayUrl?: string;
  speaker?: string;
  remark?: string;
}
const urlRule = { pattern: /^(https?:\/\/|\/)/i, message: '地址须以 http(s):// 或 / 开头' };

/** /live/edit (?id=) — a live meeting: topic, internal and external HLS addresses, replay address, status. */
export default function LiveEditPage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const q = useQuery({ queryKey: ['live', 'edit', id], queryFn: () => liveApi.get({ id }), enabled: !!id });
  useEffect(() => {
    const m = q.data;
    if (m)
      form.setFieldsValue({
        ...m,
        startTime: m.startTime ? dayjs(m.startTime) : undefined,
        innerUrl: m.innerUrl ?? '',
        outerUrl: m.outerUrl ?? '',
        replayUrl: m.replayUrl ?? '',
        speaker: m.speaker ?? '',
        remark: m.remark ?? '',
      });
  }, [q.data, form]);
  const save = async (v: Values) => {
    setSaving(true);
    try {
      await liveApi.save({ ...v, id, startTime: v.startTime?.toISOString() ?? null });
      feedback().message.success('保存成功');
      void qc.invalidateQueries({ queryKey: ['live'] });
      void qc.invalidateQueries({ queryKey: ['live-meetings'] });
      navigate('/live/list');
    } catch (err) {
      feedback().message.error(errorMessage(err, '保存失败'));
    } finally {
      setSaving(false);
    }
  };
  if (id && q.isPending) return <Spin style={{ margin: 48 }} />;
  const current = q.data?.status;
  return (
    <div className="oa-page" data-testid="live-edit-page">
      <Card title={id ? '编辑直播' : '新建直播'}>
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={{ status: 'scheduled' }}
          onFinish={(v) => void save(v)}
          style={{ maxWidth: 720 }}
        >
          <Form.Item name="meetingTopic" label="会议主题" rules={[{ required: true, whitespace: true, message: '请输入会议主题' }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Space size="large" wrap>
            <Form.Item name="status" label="直播状态">
              <Radio.Group
                options={LIVE_STATUSES.map((s) => ({
                  value: s,
                  label: LIVE_STATUS_LABELS[s],
                  disabled: !!current && LIVE_STATUSES.indexOf(s) < LIVE_STATUSES.indexOf(current),
                }))}
                optionType="button"
              />
            </Form.Item>
            <Form.Item name="startTime" label="开始时间">
              <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
            </Form.Item>
            <Form.Item name="speaker" label="主讲人">
              <Input maxLength={50} style={{ width: 160 }} />
            </Form.Item>
          </Space>
          <Form.Item
            name="innerUrl"
            label="内网直播地址（HLS .m3u8）"
            rules={[urlRule]}
            extra="内网检测（1.5 秒内能访问内网探测地址）通过时使用"
          >
            <Input placeholder="http://10.0.0.8/live/xxx.m3u8" />
          </Form.Item>
          <Form.Item name="outerUrl" label="外网直播地址（HLS .m3u8）" rules={[urlRule]}>
            <Input placeholder="https://live.example.org.cn/live/xxx.m3u8" />
          </Form.Item>
          <Form.Item name="replayUrl" label="回放地址" rules={[urlRule]}>
            <Input />
          </Form.Item>
          <Form.Item name="remark" label="说明">
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={saving}>
              保存
            </Button>
            <Button onClick={() => navigate('/live/list')}>返回</Button>
          </Space>
        </Form>
      </Card>
    </div>
  );
}
