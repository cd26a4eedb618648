/**
 * The channels of messages that leave the system, configured by environment (docs/configuration.md「消息通知」). A channel whose
 * variables are absent is off; in-app messages always work.
 */
export interface NotifyConfig {
  /** the address people open the web app at (OA_PUBLIC_URL), e.g. https://oa.example.org — links are built on it */
  publicUrl: string;
  /** OA_PUBLIC_URL as configured, null when unset (a printed QR code then uses the request's own address) */
  configuredPublicUrl: string | null;
  /** worker poll interval in ms (OA_NOTIFY_POLL_MS; 0 = no worker in this process) */
  pollMs: number;
  smtp: { url: string; from: string } | null;
  /** texts through the SMS gateway of core/identity/sms-provider.ts (OA_NOTIFY_SMS=on) */
  sms: boolean;
  wecomRobot: { url: string } | null;
  dingtalkRobot: { url: string; secret: string | null } | null;
  feishuRobot: { url: string; secret: string | null } | null;
  wecomApp: { corpId: string; secret: string; agentId: string; apiBase: string } | null;
  dingtalkApp: { appKey: string; appSecret: string; agentId: string; apiBase: string } | null;
  /** how long a worker holds a claimed delivery without renewing it (OA_NOTIFY_LEASE_MS): a crashed worker's send is retried after it */
  leaseMs: number;
  /** Web Push: the VAPID keys (OA_VAPID_PUBLIC_KEY / OA_VAPID_PRIVATE_KEY; absent: a pair kept in the database) */
  vapid: { publicKey: string; privateKey: string } | null;
  /** OA_VAPID_SUBJECT (mailto: or https:); default mailto:<OA_SMTP_FROM> */
  vapidSubject: string;
  /** OA_PUSH_ALLOWED_HOSTS: push services beyond the well-known ones (features/notify/push-endpoint.ts) */
  pushAllowedHosts: string[];
}

const v = (env: NodeJS.ProcessEnv, k: string): string | null => env[k]?.trim() || null;

export function notifyConfigOf(env: NodeJS.ProcessEnv, port: number): NotifyConfig {
  const smtpUrl = v(env, 'OA_SMTP_URL');
  const wecomCorp = v(env, 'OA_WECOM_CORP_ID');
  const dingKey = v(env, 'OA_DINGTALK_APP_KEY');
  const poll = Number(env.OA_NOTIFY_POLL_MS ?? 2000);
  const lease = Number(env.OA_NOTIFY_LEASE_MS ?? 60_000);
  const vapidPublic = v(env, 'OA_VAPID_PUBLIC_KEY');
  const vapidPrivate = v(env, 'OA_VAPID_PRIVATE_KEY');
  return {
    publicUrl: (v(env, 'OA_PUBLIC_URL') ?? `http://127.0.0.1:${port}`).replace(/\/+$/, ''),
    configuredPublicUrl: v(env, 'OA_PUBLIC_URL')?.replace(/\/+$/, '') ?? null,
    pollMs: Number.isFinite(poll) && poll >= 0 ? poll : 2000,
    smtp: smtpUrl ? { url: smtpUrl, from: v(env, 'OA_SMTP_FROM') ?? 'oa@localhost' } : null,
    sms: env.OA_NOTIFY_SMS === 'on',
    wecomRobot: v(env, 'OA_WECOM_ROBOT_URL') ? { url: v(env, 'OA_WECOM_ROBOT_URL')! } : null,
    dingtalkRobot: v(env, 'OA_DINGTALK_ROBOT_URL')
      ? { url: v(env, 'OA_DINGTALK_ROBOT_URL')!, secret: v(env, 'OA_DINGTALK_ROBOT_SECRET') }
      : null,
    feishuRobot: v(env, 'OA_FEISHU_ROBOT_URL') ? { url: v(env, 'OA_FEISHU_ROBOT_URL')!, secret: v(env, 'OA_FEISHU_ROBOT_SECRET') } : null,
    wecomApp:
      wecomCorp && v(env, 'OA_WECOM_SECRET') && v(env, 'OA_WECOM_AGENT_ID')
        ? {
            corpId: wecomCorp,
            secret: v(env, 'OA_WECOM_SECRET')!,
            agentId: v(env, 'OA_WECOM_AGENT_ID')!,
            apiBase: v(env, 'OA_WECOM_API') ?? 'https://qyapi.weixin.qq.com',
          }
        : null,
    dingtalkApp:
      dingKey && v(env, 'OA_DINGTALK_APP_SECRET') && v(env, 'OA_DINGTALK_AGENT_ID')
        ? {
            appKey: dingKey,
            appSecret: v(env, 'OA_DINGTALK_APP_SECRET')!,
            agentId: v(env, 'OA_DINGTALK_AGENT_ID')!,
            apiBase: v(env, 'OA_DINGTALK_API') ?? 'https://oapi.dingtalk.com',
          }
        : null,
    leaseMs: Number.isFinite(lease) && lease >= 1000 ? lease : 60_000,
    vapid: vapidPublic && vapidPrivate ? { publicKey: vapidPublic, privateKey: vapidPrivate } : null,
    vapidSubject: v(env, 'OA_VAPID_SUBJECT') ?? `mailto:${v(env, 'OA_SMTP_FROM') ?? 'oa@localhost'}`,
    pushAllowedHosts: (v(env, 'OA_PUSH_ALLOWED_HOSTS') ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  };
}
