import { describe, expect, it } from 'vitest';
import { checkFileName, contentMatches } from './file-types';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const ZIP = Buffer.from('PK\x03\x04rest-of-zip', 'latin1');
const EXE = Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1');

describe('upload names', () => {
  it('accepts ordinary Chinese names', () => {
    expect(checkFileName('2024年工作总结.xlsx')).toEqual({ ok: true, ext: 'xlsx' });
    expect(checkFileName('合同 v1.2.pdf')).toEqual({ ok: true, ext: 'pdf' });
  });
  it('refuses paths, traversal and hidden names', () => {
    for (const n of ['../etc/passwd.txt', '..\\a.pdf', 'a/b.pdf', '.htaccess', '..', 'a.pdf.', 'x\u0000.pdf'])
      expect(checkFileName(n).ok).toBe(false);
  });
  it('refuses double extensions and unknown types', () => {
    for (const n of ['invoice.exe.pdf', 'shell.php.jpg', 'a.html.txt', 'run.exe', 'page.svg', 'noext'])
      expect(checkFileName(n).ok).toBe(false);
  });
  it('narrows to an allowed subset', () => {
    expect(checkFileName('a.pdf', ['png']).ok).toBe(false);
  });
});

describe('content sniffing', () => {
  it('matches magic bytes to the extension', () => {
    expect(contentMatches('png', PNG)).toBe(true);
    expect(contentMatches('xlsx', ZIP)).toBe(true);
    expect(contentMatches('apk', ZIP)).toBe(true);
    expect(contentMatches('pdf', PNG)).toBe(false);
    expect(contentMatches('txt', Buffer.from('你好，世界\n'))).toBe(true);
  });
  it('refuses a renamed executable and markup in text', () => {
    expect(contentMatches('pdf', EXE)).toBe(false);
    expect(contentMatches('txt', EXE)).toBe(false);
    expect(contentMatches('txt', Buffer.from('#!/bin/sh\nrm -rf /'))).toBe(false);
    expect(contentMatches('txt', Buffer.from('<html><script>alert(1)</script>'))).toBe(false);
    expect(contentMatches('txt', Buffer.alloc(0))).toBe(false);
  });
});
