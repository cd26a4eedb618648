import { useState } from 'react';
import { Alert, Button, Checkbox, Switch, Table, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIFY_KIND_LABELS, NOTIFY_KINDS, type ChannelItem, type NotifyKind } from '@oa/shared/contract/notify';
import { feedback } from '../../lib/feedback';
import { errorMessage } from '../../lib/http-client';
import { notifyApi } from './notify.api';

const KIND_OPTIONS = NOTIFY_KINDS.map((k) => ({ value: k, label: NOTIFY_KIND_LABELS[k] }));

/** The channels: on or off, which kinds of message go where, and a test-send showing the far end's answer. */
export function NotifyChannels() {
  const qc = useQueryClient();
  const channels = useQuery({ queryKey: ['notify', 'channels'], queryFn: notifyApi.channels });
  const [answer, setAnswer] = useState<{ channel: string; ok: boolean; text: string } | null>(null);
  const save = async (c: ChannelItem, change: Partial<Pick<ChannelItem, 'enabled' | 'kinds'>>) => {
    try {
      await notifyApi.saveChannel({ channel: c.channel, enabled: change.enabled ?? c.enabled, kinds: change.kinds ?? c.kinds });
      feedback().message.success('已保存');
      await qc.invalidateQueries({ queryKey: ['notify', 'channels'] });
    } catch (err) {
      feedback().message.error(errorMessage(err));
    }
  };
  const test = async (c: ChannelItem) => {
    try {
      const r = await notifyApi.testSend(c.channel);
      setAnswer({ channel: c.label, ok: r.ok, text: r.answer });
    } catch (err) {
      setAnswer({ channel: c.label, ok: false, text: errorMessage(err) });
    }
  };
  return (
    <>
      {answer ? (
        <Alert
          style={{ marginBottom: 12 }}
          type={answer.ok ? 'success' : 'error'}
          showIcon
          closable={{ onClose: () => setAnswer(null), 'aria-label': '关闭' }}
          title={`${answer.channel}：${answer.ok ? '测试消息已送达' : '测试消息未送达'}`}
          description={`对方应答：${answer.text}`}
        />
      ) : null}
      <Table<ChannelItem>
        rowKey="channel"
        size="small"
        pagination={false}
        loading={channels.isLoading}
        dataSource={channels.data ?? []}
        columns={[
          { title: '渠道', dataIndex: 'label', width: 170 },
          {
            title: '配置',
            key: 'configured',
            width: 90,
            render: (_, c) => (c.configured ? <Tag color="green">已配置</Tag> : <Tag>未配置</Tag>),
          },
          {
            title: '启用',
            key: 'enabled',
            width: 80,
            render: (_, c) => (
              <Switch
                aria-label={`启用${c.label}`}
                checked={c.enabled && c.configured}
                disabled={!c.configured}
                onChange={(enabled) => void save(c, { enabled })}
              />
            ),
          },
          {
            title: '发送的消息',
            key: 'kinds',
            render: (_, c) => (
              <Checkbox.Group
                aria-label={`${c.label}发送的消息`}
                options={KIND_OPTIONS}
                value={c.kinds}
                disabled={!c.configured}
                onChange={(kinds) => void save(c, { kinds: kinds as NotifyKind[] })}
              />
            ),
          },
          {
            title: '操作',
            key: 'test',
            width: 100,
            render: (_, c) => (
              <Button size="small" disabled={!c.configured} onClick={() => void test(c)}>
                测试发送
              </Button>
            ),
          },
        ]}
      />
      <p style={{ marginTop: 12 }}>
        渠道的地址与密钥由部署时的环境变量配置（见 docs/configuration.md「消息通知」）；未配置的渠道不能启用。站内消息始终发送。
      </p>
    </>
  );
}
