/** What a channel sends: the message, the person's address on that channel, the item's link (absolute). */
export interface OutMessage {
  deliveryId: string;
  address: string;
  userName: string;
  title: string;
  content: string;
  link: string;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The message as plain text or markdown (robots and app messages): title, text, the link to the item. */
export function plainText(m: OutMessage, markdown: boolean): string {
  return markdown
    ? `**${m.title}**\n\n${m.content}\n\n收件人：${m.userName}\n\n[打开查看](${m.link})`
    : `${m.title}\n${m.content}\n收件人：${m.userName}\n打开查看：${m.link}`;
}

export const mailText = (m: OutMessage): string =>
  `${m.userName}，您好：\n\n${m.title}\n${m.content}\n\n打开查看：${m.link}\n（打开后请先登录，登录后直接进入该事项。）`;

export const mailHtml = (m: OutMessage): string =>
  `<p>${esc(m.userName)}，您好：</p><p><strong>${esc(m.title)}</strong></p><p>${esc(m.content)}</p>` +
  `<p><a href="${esc(m.link)}">打开查看</a></p><p style="color:#888">打开后请先登录，登录后直接进入该事项。</p>`;
