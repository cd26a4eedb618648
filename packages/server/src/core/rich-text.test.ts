import { describe, expect, it } from 'vitest';
import { cleanRichText, imageSrc } from './rich-text';

const F = `f${'a'.repeat(30)}`;

describe('cleanRichText', () => {
  it('drops scripts, event handlers and javascript: links, keeps the text', () => {
    const r = cleanRichText(
      '<p onclick="x()">你好<script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">链接</a></p>',
    );
    expect(r.html).not.toMatch(/script|onerror|onclick|javascript:|<img/i);
    expect(r.text).toBe('你好链接');
  });
  it('keeps our own images (token stripped) and lists them; drops foreign images and data: urls', () => {
    const r = cleanRichText(
      `<p><img src="/oa/api/base/system/file/download?wtoken=SECRET&filePath=${F}" alt="图"><img src="https://evil.example/a.png"><img src="data:image/png;base64,AAAA"></p>`,
    );
    expect(r.html).toBe(`<p><img src="${imageSrc(F).replace(/&/g, '&amp;')}" data-file-id="${F}" alt="图" /></p>`);
    expect(r.html).not.toContain('SECRET');
    expect(r.imageIds).toEqual([F]);
  });
  it('drops a refused image as a whole element: the next closing tag and our image stay where they were', () => {
    const r = cleanRichText(`<p>一<img src="https://evil.example/x.png">二</p><p><img src="${imageSrc(F)}"></p><p>三</p>`);
    expect(r.html).toBe(`<p>一二</p><p><img src="${imageSrc(F)}" data-file-id="${F}" /></p><p>三</p>`);
    expect(r.text).toBe('一二 三');
    const nested = cleanRichText('<ul><li><img src="https://evil.example/y.png"></li><li>乙</li></ul><p>丙</p>');
    expect(nested.html).toBe('<ul><li></li><li>乙</li></ul><p>丙</p>');
  });
  it('keeps an escaped payload as text', () => {
    const r = cleanRichText('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(r.html).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(r.text).toBe('<script>alert(1)</script>');
  });
  it('allows http(s) links and forces rel', () => {
    const r = cleanRichText('<a href="https://example.com" target="_blank" style="color:red">x</a>');
    expect(r.html).toBe('<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>');
  });
});
