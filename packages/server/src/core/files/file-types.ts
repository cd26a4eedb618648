/**
 * The upload allow-list: a file is accepted only when its extension is allowed AND its content (magic
 * bytes) is of that type. A renamed executable, an HTML page called .pdf or a script called .jpg is
 * refused. Names are checked too (never used as paths): no separators, no control characters, no
 * hidden executable extension inside ('invoice.exe.pdf', 'shell.php.jpg').
 */
type ContentFamily = 'png' | 'jpeg' | 'gif' | 'webp' | 'bmp' | 'pdf' | 'zip' | 'ole' | 'rar' | '7z' | 'gzip' | 'mp4' | 'mp3' | 'text';

export const EXTENSIONS: Record<string, { family: ContentFamily; mime: string }> = {
  png: { family: 'png', mime: 'image/png' },
  jpg: { family: 'jpeg', mime: 'image/jpeg' },
  jpeg: { family: 'jpeg', mime: 'image/jpeg' },
  gif: { family: 'gif', mime: 'image/gif' },
  webp: { family: 'webp', mime: 'image/webp' },
  bmp: { family: 'bmp', mime: 'image/bmp' },
  pdf: { family: 'pdf', mime: 'application/pdf' },
  docx: { family: 'zip', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  xlsx: { family: 'zip', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  pptx: { family: 'zip', mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' },
  ofd: { family: 'zip', mime: 'application/ofd' },
  zip: { family: 'zip', mime: 'application/zip' },
  apk: { family: 'zip', mime: 'application/vnd.android.package-archive' },
  ipa: { family: 'zip', mime: 'application/octet-stream' },
  doc: { family: 'ole', mime: 'application/msword' },
  xls: { family: 'ole', mime: 'application/vnd.ms-excel' },
  ppt: { family: 'ole', mime: 'application/vnd.ms-powerpoint' },
  wps: { family: 'ole', mime: 'application/vnd.ms-works' },
  rar: { family: 'rar', mime: 'application/vnd.rar' },
  '7z': { family: '7z', mime: 'application/x-7z-compressed' },
  gz: { family: 'gzip', mime: 'application/gzip' },
  mp4: { family: 'mp4', mime: 'video/mp4' },
  mp3: { family: 'mp3', mime: 'audio/mpeg' },
  txt: { family: 'text', mime: 'text/plain; charset=utf-8' },
  csv: { family: 'text', mime: 'text/csv; charset=utf-8' },
};

export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'webp'] as const;

/** Extensions that must never appear anywhere in a name (double-extension tricks). */
const DANGEROUS = new Set([
  'exe',
  'dll',
  'com',
  'bat',
  'cmd',
  'scr',
  'msi',
  'msp',
  'pif',
  'cpl',
  'sys',
  'sh',
  'bash',
  'ps1',
  'psm1',
  'vbs',
  'vbe',
  'js',
  'jse',
  'mjs',
  'wsf',
  'wsh',
  'hta',
  'jar',
  'php',
  'php3',
  'php4',
  'php5',
  'phtml',
  'phar',
  'jsp',
  'jspx',
  'asp',
  'aspx',
  'cer',
  'cgi',
  'pl',
  'py',
  'rb',
  'html',
  'htm',
  'xhtml',
  'shtml',
  'svg',
  'xml',
  'swf',
  'lnk',
  'reg',
  'app',
  'dmg',
  'elf',
  'so',
  'bin',
  'run',
]);

const startsWith = (b: Buffer, sig: number[], at = 0) => b.length >= at + sig.length && sig.every((v, i) => b[at + i] === v);

/** Executables and scripts recognised from their first bytes: refused whatever their name says. */
function isExecutable(head: Buffer): boolean {
  return (
    startsWith(head, [0x4d, 0x5a]) || // MZ: Windows PE
    startsWith(head, [0x7f, 0x45, 0x4c, 0x46]) || // ELF
    startsWith(head, [0xcf, 0xfa, 0xed, 0xfe]) ||
    startsWith(head, [0xce, 0xfa, 0xed, 0xfe]) ||
    startsWith(head, [0xfe, 0xed, 0xfa, 0xce]) ||
    startsWith(head, [0xfe, 0xed, 0xfa, 0xcf]) ||
    startsWith(head, [0xca, 0xfe, 0xba, 0xbe]) || // Mach-O, Java class
    startsWith(head, [0x23, 0x21])
  ); // #! script
}

function looksLikeText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  const s = head.toString('utf8');
  // a markup or script payload in a .txt/.csv is refused as well
  if (/^\s*<(?:!doctype|html|script|svg|\?xml)/i.test(s)) return false;
  let control = 0;
  for (const c of head) if (c < 0x09 || (c > 0x0d && c < 0x20)) control += 1;
  return control === 0;
}

/** The content family of the first bytes, or null when nothing allowed matches. */
function sniff(head: Buffer, expected: ContentFamily): boolean {
  switch (expected) {
    case 'png':
      return startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case 'jpeg':
      return startsWith(head, [0xff, 0xd8, 0xff]);
    case 'gif':
      return head.subarray(0, 6).toString('latin1') === 'GIF87a' || head.subarray(0, 6).toString('latin1') === 'GIF89a';
    case 'webp':
      return head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP';
    case 'bmp':
      return startsWith(head, [0x42, 0x4d]) && head.length >= 26;
    case 'pdf':
      return head.subarray(0, 5).toString('latin1') === '%PDF-';
    case 'zip':
      return startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06]);
    case 'ole':
      return startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    case 'rar':
      return head.subarray(0, 6).toString('latin1') === 'Rar!\x1a\x07';
    case '7z':
      return startsWith(head, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]);
    case 'gzip':
      return startsWith(head, [0x1f, 0x8b]);
    case 'mp4':
      return head.subarray(4, 8).toString('latin1') === 'ftyp';
    case 'mp3':
      return head.subarray(0, 3).toString('latin1') === 'ID3' || (head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0);
    case 'text':
      return looksLikeText(head);
  }
}

type NameCheck = { ok: true; ext: string } | { ok: false; reason: string };

/** Checks an uploaded file's name; `allowed` narrows the allow-list (e.g. images only). */
export function checkFileName(name: string, allowed: readonly string[] = Object.keys(EXTENSIONS)): NameCheck {
  if (!name || name.length > 200) return { ok: false, reason: '文件名为空或过长' };
  if (/[/\\]/.test(name) || name.split(/[/\\]/).includes('..')) return { ok: false, reason: '文件名不能包含路径' };
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f<>:"|?*]/.test(name)) return { ok: false, reason: '文件名包含非法字符' };
  if (name.startsWith('.') || name.endsWith('.') || name.endsWith(' ')) return { ok: false, reason: '文件名不合法' };
  const parts = name.toLowerCase().split('.');
  if (parts.length < 2) return { ok: false, reason: '文件缺少扩展名' };
  const ext = parts[parts.length - 1].trim();
  if (parts.slice(1, -1).some((p) => DANGEROUS.has(p.trim()))) return { ok: false, reason: '文件名包含可执行扩展名，已拒绝' };
  if (!EXTENSIONS[ext] || !allowed.includes(ext)) return { ok: false, reason: `不支持的文件类型：.${ext}` };
  return { ok: true, ext };
}

/** Whether the content's first bytes agree with the extension (and are not an executable). */
export function contentMatches(ext: string, head: Buffer): boolean {
  const t = EXTENSIONS[ext];
  if (!t || head.length === 0) return false;
  if (isExecutable(head)) return false;
  return sniff(head, t.family);
}
