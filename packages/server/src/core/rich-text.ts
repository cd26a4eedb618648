import sanitizeHtml from 'sanitize-html';
import { FILE_API } from '@oa/shared/contract/files-api';

/**
 * Rich text from the editor (articles, space topics and posts), sanitised on the server before it is
 * stored: an allow-list of tags and attributes; links only http(s), mailto and in-app paths; images only
 * from our own file store (rewritten to the canonical address without any token); no event handlers,
 * no styles, no scripts. The web renders this stored HTML only.
 */
const IMAGE_PATH = `/oa${FILE_API.image}`;
const FILE_ID = /[?&](?:filePath|fileId)=(f[0-9a-f]{30})(?:&|$)/;

export const imageSrc = (fileId: string) => `${IMAGE_PATH}?filePath=${fileId}`;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h1',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'hr',
    'code',
    'pre',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'span',
    'sub',
    'sup',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height', 'data-file-id'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // an image from anywhere but our file store (left without attributes by transformTags) is removed as an element;
  // renaming it to a tag that is not allowed would leave that tag's closing tag behind (the image is void)
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs['data-file-id'],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: 'noopener noreferrer', ...(attribs.target ? { target: '_blank' } : {}) },
    }),
    img: (tagName, attribs) => {
      const m =
        FILE_ID.exec(attribs.src ?? '') ?? (/^f[0-9a-f]{30}$/.test(attribs['data-file-id'] ?? '') ? [null, attribs['data-file-id']] : null);
      if (!m?.[1]) return { tagName, attribs: {} }; // not ours: dropped whole by exclusiveFilter
      const { alt, title, width, height } = attribs;
      return {
        tagName,
        attribs: {
          src: imageSrc(m[1]),
          'data-file-id': m[1],
          ...(alt ? { alt } : {}),
          ...(title ? { title } : {}),
          ...(width ? { width } : {}),
          ...(height ? { height } : {}),
        },
      };
    },
  },
};

interface CleanHtml {
  html: string;
  text: string;
  imageIds: string[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

export function cleanRichText(input: string): CleanHtml {
  const html = sanitizeHtml(input, OPTIONS);
  const text = sanitizeHtml(html.replace(/<\/(p|h[1-4]|li|tr|blockquote|pre)>|<br\s*\/?>/g, '$& '), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => ENTITIES[e])
    .replace(/\s+/g, ' ')
    .trim();
  const imageIds = [...new Set([...html.matchAll(/data-file-id="(f[0-9a-f]{30})"/g)].map((m) => m[1]))];
  return { html, text, imageIds };
}
