/** What a channel sends: the message, the person's address on that channel, the item's link (absolute). */
export interface OutMessage {
  deliveryId: string;
  address: string;
  userName: string;
  title: string;
  content: string;
  link: string;
  /** a daily digest: the items it lists, each with its own link */
  items?: Array<{ title: string; content: string; link: string }>;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A digest's items as text lines or markdown list entries. */
const itemLines = (m: OutMessage, markdown: boolean): string =>
  (m.items ?? [])
    .map((i, n) => (markdown ? `${n + 1}. [${i.title}](${i.link})：${i.content}` : `${n + 1}. ${i.title}：${i.content}\n   ${i.link}`))
    .join('\n');

/** The message as plain text or markdown (robots and app messages): title, text, the link to the item. */
export function plainText(m: OutMessage, markdown: boolean): string {
  const items = m.items?.length ? `${itemLines(m, markdown)}\n\n` : '';
  return markdown
    ? `**${m.title}**\n\n${m.content}\n\n${items}收件人：${m.userName}\n\n[打开查看](${m.link})`
    : `${m.title}\n${m.content}\n${items}收件人：${m.userName}\n打开查看：${m.link}`;
}

export const mailText = (m: OutMessage): string =>
  `${m.userName}，您好：\n\n${m.title}\n${m.content}\n${m.items?.length ? `\n${itemLines(m, false)}\n` : ''}\n打开查看：${m.link}\n（打开后请先登录，登录后直接进入该事项。）`;

const itemsHtml = (m: OutMessage): string =>
  m.items?.length
    ? `<ol>${m.items.map((i) => `<li><a href="${esc(i.link)}">${esc(i.title)}</a>：${esc(i.content)}</li>`).join('')}</ol>`
    : '';

export const mailHtml = (m: OutMessage): string =>
  `<p>${esc(m.userName)}，您好：</p><p><strong>${esc(m.title)}</strong></p><p>${esc(m.content)}</p>${itemsHtml(m)}` +
  `<p><a href="${esc(m.link)}">打开查看</a></p><p style="color:#888">打开后请先登录，登录后直接进入该事项。</p>`;
