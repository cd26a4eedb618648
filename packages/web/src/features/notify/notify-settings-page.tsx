import { Card, Tabs } from 'antd';
import { NotifyChannels } from './notify-channels';
import { NotifyLog } from './notify-log';

/** /notifySettings (消息通知): the channels messages leave by, and the delivery log. */
export default function NotifySettingsPage() {
  return (
    <div className="oa-page" data-testid="notify-settings">
      <Card variant="borderless" title="消息通知">
        <Tabs
          items={[
            { key: 'channels', label: '发送渠道', children: <NotifyChannels /> },
            { key: 'log', label: '发送记录', children: <NotifyLog /> },
          ]}
        />
      </Card>
    </div>
  );
}
