/**
 * The page count of a PDF (the archive's 页数): its page objects (`/Type /Page`), else the page tree's
 * largest `/Count` (a PDF whose objects sit in compressed object streams); null for anything not a PDF.
 */
export function pdfPageCount(buf: Buffer): number | null {
  if (buf.subarray(0, 5).toString('latin1') !== '%PDF-') return null;
  const text = buf.toString('latin1');
  const pages = text.match(/\/Type\s*\/Page(?![A-Za-z])/g)?.length ?? 0;
  if (pages) return pages;
  const counts = [...text.matchAll(/\/Type\s*\/Pages[^>]*?\/Count\s+(\d+)|\/Count\s+(\d+)[^>]*?\/Type\s*\/Pages/g)].map((m) =>
    Number(m[1] ?? m[2]),
  );
  return counts.length ? Math.max(...counts) : null;
}
