import { useEffect, useState } from 'react';
import { Alert, Button, Card, Checkbox, DatePicker, Form, Input, InputNumber, List, Select, Space, Spin, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import dayjs, { type Dayjs } from 'dayjs';
import { MEETING_TYPES, type Clash, type MeetingAttachment } from '@oa/shared/contract/meetings';
import { errorMessage } from '../../lib/http-client';
import { feedback } from '../../lib/feedback';
import { uploadFile } from '../../engine/records.api';
import { ClashError, meetingsApi } from './meetings.api';

interface Values {
  title: string;
  meetingType: (typeof MEETING_TYPES)[number];
  time: [Dayjs, Dayjs];
  roomId: number;
  host?: string;
  invitees: string[];
  inviteDepts: string[];
  attendeeCount?: number;
  content?: string;
  remark?: string;
  freq: 'none' | 'daily' | 'weekly' | 'monthly';
  until?: Dayjs;
  skipClashes: boolean;
}

/** /meetingEdit (new booking; ?roomId&startTime&endTime from the grid) and /meeting/editMeeting?id= (change one). */
export default function MeetingEditPage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const [form] = Form.useForm<Values>();
  const [materials, setMaterials] = useState<MeetingAttachment[]>([]);
  const [clashes, setClashes] = useState<{ message: string; list: Clash[] } | null>(null);
  const [saving, setSaving] = useState(false);
  const time = Form.useWatch('time', form);
  const freq = Form.useWatch('freq', form);
  const users = useQuery({ queryKey: ['meetings', 'users'], queryFn: meetingsApi.users, staleTime: 600_000 });
  const depts = useQuery({ queryKey: ['meetings', 'depts'], queryFn: meetingsApi.depts, staleTime: 600_000 });
  const existing = useQuery({ queryKey: ['meetings', 'detail', id], queryFn: () => meetingsApi.get(id!), enabled: !!id });
  const start = time?.[0]?.toISOString();
  const end = time?.[1]?.toISOString();
  const rooms = useQuery({
    queryKey: ['meetings', 'free', start, end, id],
    queryFn: () => meetingsApi.freeRooms({ startTime: start!, endTime: end!, all: 'Y', excludeId: id ?? undefined }),
    enabled: !!start && !!end && end > start,
  });

  useEffect(() => {
    const m = existing.data;
    if (m) {
      form.setFieldsValue({
        title: m.title,
        meetingType: m.meetingType as Values['meetingType'],
        time: [dayjs(m.startTime), dayjs(m.endTime)],
        roomId: m.roomId,
        host: m.host ?? undefined,
        invitees: m.invitees.map((i) => i.userCode).filter((u) => u !== m.organizer),
        inviteDepts: m.inviteDepts.map((d) => d.deptCode),
        attendeeCount: m.attendeeCount ?? undefined,
        content: m.content ?? undefined,
        remark: m.remark ?? undefined,
      });
      setMaterials(m.materials);
    }
  }, [existing.data, form]);

  const initial: Partial<Values> = {
    meetingType: '部门例会',
    invitees: [],
    inviteDepts: [],
    freq: 'none',
    skipClashes: false,
    roomId: Number(params.get('roomId')) || undefined,
    time: params.get('startTime') && params.get('endTime') ? [dayjs(params.get('startTime')), dayjs(params.get('endTime'))] : undefined,
  };

  const submit = async (v: Values) => {
    setSaving(true);
    setClashes(null);
    const body = {
      title: v.title,
      meetingType: v.meetingType,
      roomId: v.roomId,
      startTime: v.time[0].toISOString(),
      endTime: v.time[1].toISOString(),
      host: v.host ?? null,
      invitees: v.invitees ?? [],
      inviteDepts: v.inviteDepts ?? [],
      attendeeCount: v.attendeeCount ?? null,
      materials,
      content: v.content ?? null,
      remark: v.remark ?? null,
    };
    try {
      const res = id
        ? await meetingsApi.update({ ...body, id })
        : await meetingsApi.insert({
            ...body,
            recurrence: { freq: v.freq, until: v.until?.format('YYYY-MM-DD') ?? null },
            skipClashes: v.skipClashes,
          });
      feedback().message.success(res.message || '保存成功');
      void qc.invalidateQueries({ queryKey: ['meetings'] });
      navigate(`/meeting/detail?id=${'ids' in res ? res.ids[0] : res.id}`);
    } catch (err) {
      if (err instanceof ClashError) setClashes({ message: err.message, list: err.clashes });
      else feedback().message.error(errorMessage(err, '保存失败'));
    } finally {
      setSaving(false);
    }
  };

  if (id && existing.isPending) return <Spin style={{ margin: 48 }} />;
  const userOptions = (users.data ?? []).map((u) => ({
    value: u.userCode,
    label: `${u.userName}${u.deptName ? `（${u.deptName}）` : ''}`,
  }));
  return (
    <div className="oa-page" data-testid="meeting-edit-page">
      <Card title={id ? '修改会议' : '申请会议'}>
        {clashes && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            data-testid="meeting-clash"
            title={clashes.message}
            description={
              clashes.list.length > 1 ? (
                <List
                  size="small"
                  dataSource={clashes.list}
                  renderItem={(c) => (
                    <List.Item>
                      {dayjs(c.startTime).format('YYYY-MM-DD HH:mm')} 与「{c.title}」冲突
                    </List.Item>
                  )}
                />
              ) : null
            }
          />
        )}
        <Form<Values> form={form} layout="vertical" initialValues={initial} onFinish={(v) => void submit(v)} style={{ maxWidth: 820 }}>
          <Form.Item
            name="title"
            label="会议主题"
            rules={[
              { required: true, whitespace: true, message: '请输入会议主题' },
              { max: 100, message: '会议主题不能超过100个字' },
            ]}
          >
            <Input placeholder="如：2026年第四季度工作部署会" />
          </Form.Item>
          <Space size="large" wrap>
            <Form.Item name="meetingType" label="会议类型" rules={[{ required: true, message: '请选择会议类型' }]}>
              <Select style={{ width: 160 }} options={MEETING_TYPES.map((t) => ({ value: t, label: t }))} />
            </Form.Item>
            <Form.Item name="time" label="会议时间" rules={[{ required: true, message: '请选择会议时间' }]}>
              <DatePicker.RangePicker
                showTime={{ format: 'HH:mm', minuteStep: 15 }}
                format="YYYY-MM-DD HH:mm"
                disabledDate={(d) => d.isBefore(dayjs(), 'day')}
              />
            </Form.Item>
            <Form.Item name="attendeeCount" label="参会人数">
              <InputNumber min={0} max={2000} style={{ width: 120 }} />
            </Form.Item>
          </Space>
          <Form.Item
            name="roomId"
            label="会议室"
            rules={[{ required: true, message: '请选择会议室' }]}
            extra={start ? '已按所选时间查询空闲情况；被占用的会议室不可选' : '先选择会议时间，再选择空闲的会议室'}
          >
            <Select
              placeholder="请选择会议室"
              loading={rooms.isFetching}
              data-testid="room-select"
              options={(rooms.data ?? []).map((r) => ({
                value: r.id,
                disabled: !r.free,
                label: `${r.name}（${r.capacity}人${r.equipment.length ? `，${r.equipment.join('、')}` : ''}${r.needApproval === 'Y' ? `，需${r.approverName ?? ''}审批` : ''}）${r.free ? '' : ` — 已被「${r.busyWith[0]?.title}」占用`}`,
              }))}
            />
          </Form.Item>
          <Space size="large" wrap style={{ width: '100%' }}>
            <Form.Item name="host" label="主持人">
              <Select
                allowClear
                showSearch
                optionFilterProp="label"
                style={{ width: 240 }}
                options={userOptions}
                placeholder="默认由组织者主持"
              />
            </Form.Item>
            <Form.Item name="inviteDepts" label="参会部门">
              <Select
                mode="multiple"
                allowClear
                optionFilterProp="label"
                style={{ width: 380 }}
                options={(depts.data ?? []).map((d) => ({ value: d.deptCode, label: d.deptName }))}
                placeholder="整个部门参会"
              />
            </Form.Item>
          </Space>
          <Form.Item name="invitees" label="参会人员">
            <Select
              mode="multiple"
              allowClear
              showSearch
              optionFilterProp="label"
              options={userOptions}
              placeholder="搜索姓名"
              data-testid="invitee-select"
            />
          </Form.Item>
          <Form.Item name="content" label="会议议程">
            <Input.TextArea rows={3} maxLength={2000} showCount />
          </Form.Item>
          <Form.Item label="会议材料">
            <Upload
              multiple
              fileList={materials.map((f) => ({ uid: f.fileId, name: f.fileName, status: 'done' as const, size: f.size }))}
              onRemove={(f) => setMaterials((list) => list.filter((x) => x.fileId !== f.uid))}
              customRequest={async ({ file, onSuccess, onError }) => {
                try {
                  const r = await uploadFile(file as File);
                  setMaterials((list) => [...list, r]);
                  onSuccess?.(r);
                } catch (err) {
                  feedback().message.error(errorMessage(err, '上传失败'));
                  onError?.(err as Error);
                }
              }}
            >
              <Button icon={<UploadOutlined />}>上传材料</Button>
            </Upload>
          </Form.Item>
          {!id && (
            <Space size="large" wrap>
              <Form.Item name="freq" label="重复">
                <Select
                  style={{ width: 140 }}
                  options={[
                    { value: 'none', label: '不重复' },
                    { value: 'daily', label: '每天' },
                    { value: 'weekly', label: '每周' },
                    { value: 'monthly', label: '每月' },
                  ]}
                />
              </Form.Item>
              {freq && freq !== 'none' && (
                <>
                  <Form.Item name="until" label="重复截止日期" rules={[{ required: true, message: '请选择重复截止日期' }]}>
                    <DatePicker />
                  </Form.Item>
                  <Form.Item name="skipClashes" valuePropName="checked" label=" ">
                    <Checkbox>跳过有冲突的场次</Checkbox>
                  </Form.Item>
                </>
              )}
            </Space>
          )}
          <Form.Item name="remark" label="备注">
            <Input maxLength={500} />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={saving}>
              {id ? '保存修改' : '提交预订'}
            </Button>
            <Button onClick={() => navigate(-1)}>返回</Button>
          </Space>
        </Form>
      </Card>
    </div>
  );
}
