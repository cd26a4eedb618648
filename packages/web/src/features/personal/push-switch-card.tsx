import { useEffect, useState } from 'react';
import { Alert, Card, Space, Switch, Typography } from 'antd';
import { currentSubscription, pushKey, pushSupported, startPushHere, stopPushHere } from '../../lib/web-push';
import { errorMessage } from '../../lib/http-client';
import { feedback } from '../../lib/feedback';

type State = 'loading' | 'unsupported' | 'off-by-admin' | 'denied' | 'on' | 'off';

async function stateNow(): Promise<State> {
  if (!pushSupported()) return 'unsupported';
  const [{ enabled }, sub] = await Promise.all([pushKey(), currentSubscription()]);
  if (!enabled) return 'off-by-admin';
  if (sub) return 'on';
  return Notification.permission === 'denied' ? 'denied' : 'off';
}

const HINTS: Partial<Record<State, string>> = {
  unsupported: '此浏览器不支持通知（需通过 https 访问；iPhone、iPad 请先用 Safari「添加到主屏幕」再从主屏幕打开）。',
  'off-by-admin': '管理员尚未开启浏览器通知。',
  denied: '浏览器已禁止本站发送通知：请在浏览器的网站设置中允许后再开启。',
};

/** 个人设置: Web Push in this browser — new to-dos and results arrive as system notifications that open the item. */
export function PushSwitchCard() {
  const [state, setState] = useState<State>('loading');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    stateNow().then(setState, () => setState('unsupported'));
  }, []);

  const toggle = async (on: boolean) => {
    setBusy(true);
    try {
      if (on) await startPushHere();
      else await stopPushHere();
      feedback().message.success(on ? '已开启此浏览器的通知' : '已关闭此浏览器的通知');
    } catch (e) {
      feedback().message.error(errorMessage(e, '操作失败'));
    } finally {
      setState(await stateNow().catch((): State => 'unsupported'));
      setBusy(false);
    }
  };

  const hint = HINTS[state];
  return (
    <Card title="浏览器通知" style={{ marginTop: 16 }} data-testid="push-switch-card">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space>
          <Switch
            checked={state === 'on'}
            loading={state === 'loading' || busy}
            disabled={state !== 'on' && state !== 'off'}
            onChange={(v) => void toggle(v)}
            aria-label="在此浏览器接收通知"
            data-testid="push-switch"
          />
          <span>在此浏览器接收通知</span>
        </Space>
        <Typography.Text type="secondary">
          开启后，新的待办、催办、审批结果等会以系统通知出现在此浏览器（含手机上添加到主屏幕的应用），点击即打开该事项。
        </Typography.Text>
        {hint && <Alert type="info" showIcon message={hint} />}
      </Space>
    </Card>
  );
}
