import { useEffect, useRef, useState, type RefObject } from 'react';
import { Alert, Result } from 'antd';
import { useNavigate } from 'react-router';
import jsQR from 'jsqr';
import { checkinMeetingId } from '../../features/meetings/checkin-link';
import { APPS_BASE } from './phone-apps';
import { PhoneBar } from './phone-bar';

/** How often a frame of the camera is read for a code, and the longest side a frame is read at. */
const EVERY_MS = 200;
const MAX_SIDE = 640;

/** What a person is told when the camera cannot be opened (getUserMedia's errors by name). */
function cameraProblem(err: unknown): string {
  const name = err instanceof DOMException ? err.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return '未获得摄像头权限，请在浏览器设置中允许本网站使用摄像头后重试';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return '没有找到可用的摄像头';
  if (name === 'NotReadableError') return '摄像头正被其他应用使用，请关闭后重试';
  return '无法打开摄像头，请稍后重试';
}

/** The text of a QR code in the video's current frame, or null. */
function readFrame(video: HTMLVideoElement, canvas: HTMLCanvasElement): string | null {
  if (video.readyState < 2 || !video.videoWidth) return null;
  const scale = Math.min(1, MAX_SIDE / Math.max(video.videoWidth, video.videoHeight));
  const w = Math.round(video.videoWidth * scale);
  const h = Math.round(video.videoHeight * scale);
  canvas.width = w;
  canvas.height = h;
  const g = canvas.getContext('2d', { willReadFrequently: true });
  if (!g) return null;
  g.drawImage(video, 0, 0, w, h);
  return jsQR(g.getImageData(0, 0, w, h).data, w, h, { inversionAttempts: 'attemptBoth' })?.data ?? null;
}

/** Opens the back camera in `video` and calls `onCode` with every code read; stops the camera when unmounted. */
function useQrCamera(video: RefObject<HTMLVideoElement | null>, onCode: (text: string) => boolean, onProblem: (p: string) => void) {
  useEffect(() => {
    let live = true;
    let timer = 0;
    let stream: MediaStream | null = null;
    const canvas = document.createElement('canvas');
    const tick = () => {
      if (!live || !video.current) return;
      const text = readFrame(video.current, canvas);
      if (text && onCode(text)) return;
      timer = window.setTimeout(tick, EVERY_MS);
    };
    if (!navigator.mediaDevices?.getUserMedia) onProblem('当前浏览器不能使用摄像头，请通过 HTTPS 地址打开，或换用系统浏览器');
    else
      navigator.mediaDevices
        .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
        .then((s) => {
          stream = s;
          if (!live || !video.current) return;
          video.current.srcObject = s;
          void video.current.play().catch(() => undefined);
          tick();
        })
        .catch((err: unknown) => live && onProblem(cameraProblem(err)));
    return () => {
      live = false;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the camera opens once per page
  }, []);
}

/**
 * /m/apps/scan: 扫码签到 with the phone's camera. A meeting's check-in code (the QR the meeting page shows) leads to
 * that meeting's page, which checks in; the server decides whether this person may (invitee, time window).
 */
export function PhoneScan() {
  const navigate = useNavigate();
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [foreign, setForeign] = useState(false);
  useQrCamera(
    video,
    (text) => {
      const id = checkinMeetingId(text, window.location.origin);
      if (!id) {
        setForeign(true);
        return false;
      }
      navigate(`${APPS_BASE}/meeting?id=${id}&checkin=1`, { replace: true });
      return true;
    },
    setProblem,
  );
  return (
    <div className="m-page" data-testid="m-scan">
      <PhoneBar title="扫码签到" home={`${APPS_BASE}/meetings`} />
      {problem ? (
        <Result status="warning" title="无法扫码" subTitle={problem} data-testid="m-scan-problem" />
      ) : (
        <>
          <div className="m-scan-view">
            <video ref={video} muted playsInline aria-label="摄像头画面" data-testid="m-scan-video" />
            <span className="m-scan-frame" aria-hidden />
          </div>
          <p className="m-scan-tip" role="status">
            将会议签到二维码放入框内，识别后自动签到
          </p>
          {foreign && <Alert className="m-alert" type="warning" showIcon title="这不是本系统的会议签到码，请扫描会议页面上的签到二维码" />}
        </>
      )}
    </div>
  );
}
