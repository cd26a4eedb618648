import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { Button, Typography } from 'antd';

/** What the form that holds a pad asks of it. */
export interface SignaturePadHandle {
  isEmpty(): boolean;
  /** the drawing as a PNG (transparent background, trimmed to nothing else), or null when nothing was drawn */
  toPng(): Promise<Blob | null>;
  clear(): void;
}

const WIDTH = 480;
const HEIGHT = 160;

/**
 * A handwritten signature pad: a canvas drawn on with pointer events (mouse, pen and finger alike), a
 * 清除 button, and the drawing handed over as a PNG for the file store. The canvas keeps its pixel size
 * (the PNG is the same on every screen) and scales to the width it is given.
 */
export const SignaturePad = forwardRef<SignaturePadHandle, { onChange?: (empty: boolean) => void }>(function SignaturePad(
  { onChange },
  ref,
) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const [empty, setEmpty] = useState(true);

  useEffect(() => onChange?.(empty), [empty, onChange]);

  // A finger's strokes are the pad's alone: `touch-action: none` stops the page scrolling under them, but the browser
  // still reads a quick last stroke as a fling, and the next tap (签批同意 under the pad) only stops that fling and
  // does not click. Consumed here (React's touch listeners are passive), the strokes make no gesture at all; the
  // pointer events that draw come before and are not affected.
  useEffect(() => {
    const c = canvas.current;
    if (!c) return;
    const consume = (e: TouchEvent) => e.preventDefault();
    const kinds = ['touchstart', 'touchmove', 'touchend'] as const;
    for (const k of kinds) c.addEventListener(k, consume, { passive: false });
    return () => {
      for (const k of kinds) c.removeEventListener(k, consume);
    };
  }, []);

  const ctx = () => {
    const c = canvas.current?.getContext('2d');
    if (c) {
      c.lineWidth = 3;
      c.lineCap = 'round';
      c.lineJoin = 'round';
      c.strokeStyle = '#111';
    }
    return c;
  };
  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return { x: ((e.clientX - r.left) * WIDTH) / r.width, y: ((e.clientY - r.top) * HEIGHT) / r.height };
  };

  const clear = () => {
    ctx()?.clearRect(0, 0, WIDTH, HEIGHT);
    setEmpty(true);
  };

  useImperativeHandle(ref, () => ({
    isEmpty: () => empty,
    toPng: () =>
      new Promise<Blob | null>((resolve) => {
        if (empty || !canvas.current) return resolve(null);
        canvas.current.toBlob((b) => resolve(b), 'image/png');
      }),
    clear,
  }));

  return (
    <div className="oa-signature-pad">
      <canvas
        ref={canvas}
        width={WIDTH}
        height={HEIGHT}
        data-testid="signature-pad"
        aria-label="手写签名板"
        style={{
          width: '100%',
          maxWidth: WIDTH,
          aspectRatio: `${WIDTH} / ${HEIGHT}`,
          border: '1px dashed #bbb',
          borderRadius: 6,
          touchAction: 'none',
          background: '#fff',
          cursor: 'crosshair',
          display: 'block',
        }}
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture(e.pointerId);
          last.current = point(e);
          const c = ctx();
          if (!c) return;
          c.beginPath();
          c.arc(last.current.x, last.current.y, 1.5, 0, Math.PI * 2);
          c.fillStyle = '#111';
          c.fill();
        }}
        onPointerMove={(e) => {
          if (!last.current) return;
          const p = point(e);
          const c = ctx();
          if (!c) return;
          c.beginPath();
          c.moveTo(last.current.x, last.current.y);
          c.lineTo(p.x, p.y);
          c.stroke();
          last.current = p;
          setEmpty(false);
        }}
        onPointerUp={() => (last.current = null)}
        onPointerCancel={() => (last.current = null)}
      />
      <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 4 }}>
        <Typography.Text type="secondary">{empty ? '请用鼠标或手指在框内签名' : '已签名'}</Typography.Text>
        <Button size="small" onClick={clear}>
          清除
        </Button>
      </div>
    </div>
  );
});
