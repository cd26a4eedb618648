import nodemailer from 'nodemailer';
import { NOTIFY_CHANNELS, type NotifyChannel } from '@oa/shared/contract/notify';
import type { AppContext } from '../../core/context';
import type { NotifyConfig } from '../../core/notify/notify-config';
import { feishuSign, signedDingtalkUrl } from './robot-sign';
import { mailHtml, mailText, plainText, type OutMessage } from './message-text';
import { webPushAdapter } from './push-channel';

/** A channel adapter: `send` resolves with the far end's answer, or throws an error carrying it. */
export interface ChannelAdapter {
  send(m: OutMessage): Promise<string>;
}

export const CHANNELS = NOTIFY_CHANNELS;
export type ChannelCode = NotifyChannel;

const TIMEOUT_MS = 15_000;

/** POSTs JSON and answers the body; a non-2xx answer or a non-zero errcode/code is a failure carrying the body. */
async function postJson(url: string, body: unknown): Promise<string> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  return checkAnswer(res);
}

/** nodemailer's options from OA_SMTP_URL (smtp://user:pass@host:port; smtps:// for TLS from the start). */
function smtpOptions(url: string) {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: Number(u.port) || (u.protocol === 'smtps:' ? 465 : 587),
    secure: u.protocol === 'smtps:',
    auth: u.username ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } : undefined,
    // a local relay without a certificate (smtp://, ?tls=off) is allowed by the administrator's URL
    ignoreTLS: u.searchParams.get('tls') === 'off',
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  };
}

async function checkAnswer(res: Response): Promise<string> {
  const text = (await res.text()).slice(0, 800);
  if (!res.ok) throw new Error(`HTTP ${res.status} ${text}`);
  let parsed: { errcode?: number; code?: number; StatusCode?: number } = {};
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    /* an answer that is not JSON: the status decides */
  }
  const code = parsed.errcode ?? parsed.code ?? parsed.StatusCode ?? 0;
  if (code !== 0) throw new Error(text);
  return text || `HTTP ${res.status}`;
}

/** An app's access token, kept until shortly before it expires. */
function tokenCache(fetchToken: () => Promise<{ token: string; expiresIn: number }>): () => Promise<string> {
  let held: { token: string; until: number } | null = null;
  return async () => {
    if (held && held.until > Date.now()) return held.token;
    const t = await fetchToken();
    held = { token: t.token, until: Date.now() + Math.max(60, t.expiresIn - 300) * 1000 };
    return t.token;
  };
}

async function getToken(url: string): Promise<{ token: string; expiresIn: number }> {
  const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  const text = await checkAnswer(res);
  const j = JSON.parse(text) as { access_token: string; expires_in: number };
  return { token: j.access_token, expiresIn: j.expires_in ?? 7200 };
}

/** The adapters of the channels configured in this process (NotifyConfig); others are absent. */
export function buildAdapters(ctx: AppContext, cfg: NotifyConfig): Partial<Record<ChannelCode, ChannelAdapter>> {
  const out: Partial<Record<ChannelCode, ChannelAdapter>> = {};
  if (cfg.smtp) {
    const smtp = cfg.smtp;
    const transport = nodemailer.createTransport(smtpOptions(smtp.url));
    out.email = {
      async send(m) {
        const info = await transport.sendMail({
          from: smtp.from,
          to: m.address,
          subject: m.title,
          text: mailText(m),
          html: mailHtml(m),
          // one Message-ID per delivery: a copy sent again after a crash is recognised as the same message
          messageId: `<${m.deliveryId.replace(/[^A-Za-z0-9.-]/g, '.')}@assocoa>`,
        });
        return info.response;
      },
    };
  }
  if (cfg.sms)
    out.sms = {
      async send(m) {
        await ctx.sms.send(m.address, `【${ctx.config.siteTitle}】${m.title}：${m.content} ${m.link}`.slice(0, 300));
        return `短信网关（${ctx.sms.name}）已接收`;
      },
    };
  if (cfg.wecomRobot) {
    const r = cfg.wecomRobot;
    out.wecom_robot = { send: (m) => postJson(r.url, { msgtype: 'markdown', markdown: { content: plainText(m, true) } }) };
  }
  if (cfg.dingtalkRobot) {
    const r = cfg.dingtalkRobot;
    out.dingtalk_robot = {
      send: (m) =>
        postJson(signedDingtalkUrl(r.url, r.secret), { msgtype: 'markdown', markdown: { title: m.title, text: plainText(m, true) } }),
    };
  }
  if (cfg.feishuRobot) {
    const r = cfg.feishuRobot;
    out.feishu_robot = {
      send: (m) => {
        const ts = Math.floor(Date.now() / 1000);
        const sig = r.secret ? { timestamp: String(ts), sign: feishuSign(r.secret, ts) } : {};
        return postJson(r.url, { ...sig, msg_type: 'text', content: { text: plainText(m, false) } });
      },
    };
  }
  if (cfg.wecomApp) {
    const a = cfg.wecomApp;
    const token = tokenCache(() =>
      getToken(`${a.apiBase}/cgi-bin/gettoken?corpid=${encodeURIComponent(a.corpId)}&corpsecret=${encodeURIComponent(a.secret)}`),
    );
    out.wecom_app = {
      send: async (m) =>
        postJson(`${a.apiBase}/cgi-bin/message/send?access_token=${encodeURIComponent(await token())}`, {
          touser: m.address,
          msgtype: 'textcard',
          agentid: Number(a.agentId),
          textcard: { title: m.title, description: m.content, url: m.link, btntxt: '查看' },
        }),
    };
  }
  if (cfg.dingtalkApp) {
    const a = cfg.dingtalkApp;
    const token = tokenCache(() =>
      getToken(`${a.apiBase}/gettoken?appkey=${encodeURIComponent(a.appKey)}&appsecret=${encodeURIComponent(a.appSecret)}`),
    );
    out.dingtalk_app = {
      send: async (m) =>
        postJson(`${a.apiBase}/topapi/message/corpconversation/asyncsend_v2?access_token=${encodeURIComponent(await token())}`, {
          agent_id: Number(a.agentId),
          userid_list: m.address,
          msg: {
            msgtype: 'action_card',
            action_card: { title: m.title, markdown: plainText(m, true), single_title: '查看', single_url: m.link },
          },
        }),
    };
  }
  // Web Push needs no setting: its keys are generated when absent (push-keys.ts); the administrator's switch decides
  out.webpush = webPushAdapter(ctx);
  return out;
}
