import { useEffect, useState } from 'react';
import { Alert, Button, Card, Select, Skeleton, Space, Switch, Table, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIFY_MODE_LABELS, type MyNotifyPrefs, type MyNotifyPrefsAnswer, type NotifyMode } from '@oa/shared/contract/notify-prefs';
import { feedback } from '../../lib/feedback';
import { LabelSelect } from '../../lib/label-select';
import { showError } from '../../lib/notify-error';
import { notifyPrefsApi } from './notify-prefs.api';

/** Times offered for quiet hours and the digest: every half hour (the server takes any HH:MM). */
const TIMES = Array.from({ length: 48 }, (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`).map((t) => ({
  value: t,
  label: t,
}));

/** A time of day on the half hour, searchable by what it reads ("22" finds 22:00 and 22:30). */
function TimeSelect(p: { label: string; testId: string; value: string; disabled?: boolean; onChange: (t: string) => void }) {
  return (
    <LabelSelect
      value={p.value}
      options={TIMES}
      disabled={p.disabled}
      showSearch
      style={{ width: 96 }}
      onChange={p.onChange}
      data-testid={p.testId}
      aria-label={p.label}
    />
  );
}

const MODE_OPTIONS = (['now', 'digest', 'off'] as const).map((m) => ({ value: m, label: NOTIFY_MODE_LABELS[m] }));
const keyOf = (event: string, channel: string) => `${event}:${channel}`;

type Draft = { modes: Map<string, NotifyMode>; quiet: boolean; quietFrom: string; quietTo: string; digestAt: string };

function draftOf(d: MyNotifyPrefsAnswer): Draft {
  return {
    modes: new Map(d.choices.map((c) => [keyOf(c.event, c.channel), c.mode])),
    quiet: d.quietFrom !== null,
    quietFrom: d.quietFrom ?? '22:00',
    quietTo: d.quietTo ?? '07:30',
    digestAt: d.digestAt,
  };
}

function bodyOf(d: MyNotifyPrefsAnswer, draft: Draft): MyNotifyPrefs {
  const choices: MyNotifyPrefs['choices'] = [];
  for (const c of d.channels)
    for (const e of c.events) {
      const mode = draft.modes.get(keyOf(e, c.channel));
      if (mode && mode !== 'now') choices.push({ event: e, channel: c.channel, mode });
    }
  return {
    choices,
    quietFrom: draft.quiet ? draft.quietFrom : null,
    quietTo: draft.quiet ? draft.quietTo : null,
    digestAt: draft.digestAt,
  };
}

/** 个人中心「消息通知设置」: per message type and channel 即时 / 每日汇总 / 关闭, quiet hours, the digest's time. */
export function NotifyPrefsCard() {
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['notify-prefs'], queryFn: notifyPrefsApi.get });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (q.data) setDraft(draftOf(q.data));
  }, [q.data]);
  if (!q.data || !draft)
    return <Card title="消息通知设置">{q.isError ? <Alert type="warning" title="加载失败" /> : <Skeleton active />}</Card>;
  const d = q.data;
  const labels = new Map(d.events.map((e) => [e.event, e.label]));
  const offered = d.events.filter((e) => d.channels.some((c) => c.events.includes(e.event)));
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });

  const save = async () => {
    setSaving(true);
    try {
      await notifyPrefsApi.save(bodyOf(d, draft));
      feedback().message.success('消息通知设置已保存');
      await qc.invalidateQueries({ queryKey: ['notify-prefs'] });
    } catch (err) {
      showError(err, '保存失败');
    } finally {
      setSaving(false);
    }
  };

  const columns = [
    { title: '消息类型', dataIndex: 'event', fixed: 'left' as const, width: 150, render: (e: string) => labels.get(e) ?? e },
    ...d.channels.map((c) => ({
      title: (
        <Space size={4}>
          {c.label}
          {c.reachable ? null : <Tag color="warning">{c.channel === 'sms' ? '未绑定手机' : '未填写邮箱'}</Tag>}
        </Space>
      ),
      key: c.channel,
      width: 130,
      render: (_: unknown, row: { event: string }) =>
        c.events.includes(row.event) ? (
          <Select
            size="small"
            style={{ width: 110 }}
            value={draft.modes.get(keyOf(row.event, c.channel)) ?? 'now'}
            options={MODE_OPTIONS}
            aria-label={`${labels.get(row.event)}·${c.label}`}
            data-testid={`notify-pref-${row.event}-${c.channel}`}
            onChange={(m: NotifyMode) => set({ modes: new Map(draft.modes).set(keyOf(row.event, c.channel), m) })}
          />
        ) : (
          <Typography.Text type="secondary">不发送</Typography.Text>
        ),
    })),
  ];

  return (
    <Card title="消息通知设置" style={{ marginTop: 16 }} data-testid="notify-prefs-card">
      <Typography.Paragraph type="secondary">
        系统内消息始终保留在「消息通知」中。下面选择每类消息是否同时发到您的邮箱、手机或工作群：即时发送、每天汇总成一条，或不发送。
      </Typography.Paragraph>
      {d.channels.length === 0 ? (
        <Alert type="info" showIcon title="管理员尚未开通对外消息渠道，消息只在系统内提醒。" style={{ marginBottom: 16 }} />
      ) : (
        <Table
          rowKey="event"
          size="small"
          pagination={false}
          dataSource={offered}
          columns={columns}
          scroll={{ x: 'max-content' }}
          style={{ marginBottom: 16 }}
          data-testid="notify-prefs-table"
        />
      )}
      <Space wrap size={[24, 12]} style={{ marginBottom: 16 }}>
        <Space wrap>
          <Switch checked={draft.quiet} onChange={(quiet) => set({ quiet })} data-testid="notify-quiet-switch" aria-label="免打扰" />
          <span>免打扰（北京时间）</span>
          <TimeSelect
            label="免打扰开始"
            testId="notify-quiet-from"
            value={draft.quietFrom}
            disabled={!draft.quiet}
            onChange={(quietFrom) => set({ quietFrom })}
          />
          <span>至</span>
          <TimeSelect
            label="免打扰结束"
            testId="notify-quiet-to"
            value={draft.quietTo}
            disabled={!draft.quiet}
            onChange={(quietTo) => set({ quietTo })}
          />
        </Space>
        <Space>
          <span>每日汇总发送时间</span>
          <TimeSelect
            label="每日汇总发送时间"
            testId="notify-digest-at"
            value={draft.digestAt}
            onChange={(digestAt) => set({ digestAt })}
          />
        </Space>
      </Space>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        免打扰期间的消息在结束后发出；选择「每日汇总」的消息在汇总时间合成一条发出。
      </Typography.Paragraph>
      <Button type="primary" loading={saving} onClick={() => void save()} data-testid="notify-prefs-save">
        保存通知设置
      </Button>
    </Card>
  );
}
