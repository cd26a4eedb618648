import { useEffect, useRef, useState } from 'react';
import { Result, Spin } from 'antd';

/** pdf.js, loaded when a PDF is first opened (it stays out of every other page's download). */
async function loadPdfJs() {
  const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  return pdfjs;
}

/** Pages drawn at most this many at once; a longer file says how many more there are (download for the rest). */
const MAX_PAGES = 30;

/**
 * A PDF drawn in the page with pdf.js, each page a canvas as wide as the screen (sharp on a phone's dense pixels):
 * phone browsers show no PDF inside a page by themselves.
 */
export function PdfPages({ data }: { data: Blob }) {
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<{ pages: number; drawn: number } | 'failed' | null>(null);
  useEffect(() => {
    let live = true;
    const holder = box.current;
    let cleanup: (() => void) | undefined;
    void (async () => {
      try {
        const pdfjs = await loadPdfJs();
        const doc = await pdfjs.getDocument({ data: new Uint8Array(await data.arrayBuffer()), isEvalSupported: false }).promise;
        cleanup = () => void doc.destroy();
        const count = Math.min(doc.numPages, MAX_PAGES);
        if (live) setState({ pages: doc.numPages, drawn: 0 });
        for (let n = 1; n <= count && live && holder; n++) {
          const page = await doc.getPage(n);
          if (!live) break;
          const width = holder.clientWidth || window.innerWidth;
          const scale = width / page.getViewport({ scale: 1 }).width;
          const ratio = window.devicePixelRatio || 1;
          const viewport = page.getViewport({ scale: scale * ratio });
          const canvas = document.createElement('canvas');
          canvas.width = Math.floor(viewport.width);
          canvas.height = Math.floor(viewport.height);
          canvas.className = 'm-pdf-page';
          canvas.setAttribute('aria-label', `第 ${n} 页`);
          canvas.dataset.testid = 'm-pdf-page';
          holder.appendChild(canvas);
          await page.render({ canvas, viewport }).promise;
          canvas.dataset.drawn = 'Y';
          if (live) setState({ pages: doc.numPages, drawn: n });
        }
      } catch {
        if (live) setState('failed');
      }
    })();
    return () => {
      live = false;
      cleanup?.();
      holder?.replaceChildren();
    };
  }, [data]);
  if (state === 'failed') return <Result status="warning" title="文件无法显示" subTitle="请点击右上角下载后查看" />;
  return (
    <>
      {state === null ? (
        <div className="m-center">
          <Spin />
        </div>
      ) : null}
      <div ref={box} className="m-pdf" data-testid="m-pdf" />
      {state && state.pages > MAX_PAGES ? <div className="m-muted m-pdf-more">还有 {state.pages - MAX_PAGES} 页，请下载后查看</div> : null}
    </>
  );
}
