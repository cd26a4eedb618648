import { useEffect, useRef, useState } from 'react';
import { Alert } from 'antd';

/** Plays an HLS address: hls.js where Media Source Extensions exist (Hls.isSupported()), else the browser's own HLS (Safari). */
export function HlsPlayer({ src, autoPlay = true }: { src: string; autoPlay?: boolean }) {
  const ref = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    setError(null);
    let destroy: (() => void) | null = null;
    let cancelled = false;
    const play = () => {
      if (!autoPlay) return;
      video.muted = true; // browsers allow muted autoplay; the viewer unmutes with the controls
      void video.play().catch(() => undefined);
    };
    // the light build (no DRM, subtitles or alternate audio, which a meeting stream does not use): 116 KB gzip instead of 178
    void import('hls.js/light').then(({ default: Hls }) => {
      if (cancelled) return;
      if (Hls.isSupported()) {
        const hls = new Hls({ lowLatencyMode: true });
        hls.on(Hls.Events.MANIFEST_PARSED, play);
        hls.on(Hls.Events.ERROR, (_e, data) => {
          if (data.fatal) setError('直播流加载失败，请稍后重试或联系会议管理员');
        });
        hls.loadSource(src);
        hls.attachMedia(video);
        destroy = () => hls.destroy();
      } else if (video.canPlayType('application/vnd.apple.mpegurl')) {
        video.src = src;
        video.addEventListener('loadedmetadata', play, { once: true });
        destroy = () => video.removeAttribute('src');
      } else {
        setError('当前浏览器不支持直播播放，请使用新版 Chrome、Edge 或 Safari');
      }
    });
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [src, autoPlay]);
  return (
    <>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 8 }} />}
      <video ref={ref} className="oa-live-player" controls playsInline data-testid="live-video" />
    </>
  );
}
