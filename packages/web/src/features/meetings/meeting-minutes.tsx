import { useState } from 'react';
import { Button, Card, Empty, Input, List, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import dayjs from 'dayjs';
import type { MeetingDetail, Resolution } from '@oa/shared/contract/meetings';
import { errorMessage } from '../../lib/http-client';
import { feedback } from '../../lib/feedback';
import { meetingsApi } from './meetings.api';

/** Where a resolution becomes a supervision task (the supervision area reads these parameters). */
const superviseLink = (m: MeetingDetail, r: Resolution) => {
  const q = new URLSearchParams({
    sourceType: 'meeting',
    sourceId: String(m.id),
    sourceTitle: `${m.title}：${r.content}`.slice(0, 200),
    sourceLink: `/meeting/detail?id=${m.id}`,
  });
  return `/supervise/edit?${q.toString()}`;
};

/** Minutes and resolutions: written by the organiser or host from the meeting's start; each resolution can be supervised. */
export function MeetingMinutes({ m, onSaved }: { m: MeetingDetail; onSaved: () => void }) {
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(m.minutes ?? '');
  const [items, setItems] = useState<Resolution[]>(m.resolutions);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    setSaving(true);
    try {
      const list = items.filter((r) => r.content.trim());
      await meetingsApi.minutes(m.id, text, list);
      feedback().message.success('会议纪要已保存');
      setEditing(false);
      onSaved();
    } catch (err) {
      feedback().message.error(errorMessage(err, '保存失败'));
    } finally {
      setSaving(false);
    }
  };

  const start = () => {
    setText(m.minutes ?? '');
    setItems(m.resolutions.length ? m.resolutions : [{ content: '', ownerDept: null, deadline: null }]);
    setEditing(true);
  };

  return (
    <Card
      title="会议纪要"
      style={{ marginTop: 16 }}
      data-testid="meeting-minutes"
      extra={m.can.minutes && !editing && <Button onClick={start}>{m.minutes ? '修改纪要' : '记录纪要'}</Button>}
    >
      {editing ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Input.TextArea
            rows={6}
            value={text}
            onChange={(e) => setText(e.target.value)}
            maxLength={20000}
            placeholder="会议纪要正文"
            aria-label="会议纪要"
          />
          <Typography.Text strong>会议决议</Typography.Text>
          {items.map((r, i) => (
            <Space key={i} style={{ width: '100%' }} wrap>
              <Input
                style={{ width: 420 }}
                placeholder={`决议 ${i + 1}`}
                aria-label={`决议 ${i + 1}`}
                value={r.content}
                onChange={(e) => setItems(items.map((x, k) => (k === i ? { ...x, content: e.target.value } : x)))}
                maxLength={500}
              />
              <Input
                style={{ width: 160 }}
                placeholder="承办部门"
                value={r.ownerDept ?? ''}
                onChange={(e) => setItems(items.map((x, k) => (k === i ? { ...x, ownerDept: e.target.value } : x)))}
                maxLength={50}
              />
              <Input
                style={{ width: 140 }}
                placeholder="完成时限"
                value={r.deadline ?? ''}
                onChange={(e) => setItems(items.map((x, k) => (k === i ? { ...x, deadline: e.target.value } : x)))}
                maxLength={20}
              />
              <Button icon={<DeleteOutlined />} onClick={() => setItems(items.filter((_, k) => k !== i))} aria-label="删除决议" />
            </Space>
          ))}
          <Button icon={<PlusOutlined />} onClick={() => setItems([...items, { content: '', ownerDept: null, deadline: null }])}>
            添加决议
          </Button>
          <Space>
            <Button type="primary" loading={saving} disabled={!text.trim()} onClick={() => void save()}>
              保存纪要
            </Button>
            <Button onClick={() => setEditing(false)}>取消</Button>
          </Space>
        </Space>
      ) : m.minutes ? (
        <>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{m.minutes}</Typography.Paragraph>
          <Typography.Text type="secondary">{m.minutesAt ? `记录于 ${dayjs(m.minutesAt).format('YYYY-MM-DD HH:mm')}` : ''}</Typography.Text>
          <List
            header={<b>会议决议</b>}
            dataSource={m.resolutions}
            locale={{ emptyText: '无决议' }}
            renderItem={(r, i) => (
              <List.Item
                actions={[
                  <Button key="s" type="link" onClick={() => navigate(superviseLink(m, r))}>
                    转为督办
                  </Button>,
                ]}
              >
                {i + 1}. {r.content}
                {r.ownerDept ? `（承办：${r.ownerDept}）` : ''}
                {r.deadline ? `，时限：${r.deadline}` : ''}
              </List.Item>
            )}
          />
        </>
      ) : (
        <Empty description={m.can.minutes ? '尚未记录会议纪要' : '暂无会议纪要'} />
      )}
    </Card>
  );
}
