import { useEffect, useRef, useState } from 'react';
import { Button, Modal, Progress, Slider, Space, Typography } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { feedback } from '../../lib/feedback';
import { clampCrop, coverScale, sourceRect, zoomCrop, type CropState } from './avatar-crop';
import { personalApi } from './personal.api';
import { showError } from '../../lib/notify-error';

const VIEW = 240;
const OUT = 256;

/**
 * Change the avatar: pick an image, drag and zoom it inside a square, and upload the crop as a
 * 256×256 PNG (userIconUpload, progress shown), then setMyPic.
 */
export function AvatarCropDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [img, setImg] = useState<HTMLImageElement | null>(null);
  const [crop, setCrop] = useState<CropState>({ scale: 1, x: 0, y: 0 });
  const [progress, setProgress] = useState<number | null>(null);
  const drag = useRef<{ px: number; py: number; x: number; y: number } | null>(null);

  useEffect(() => {
    const c = canvas.current?.getContext('2d');
    if (!c) return;
    c.fillStyle = '#f5f5f5';
    c.fillRect(0, 0, VIEW, VIEW);
    if (img) c.drawImage(img, crop.x, crop.y, img.naturalWidth * crop.scale, img.naturalHeight * crop.scale);
  }, [img, crop]);

  const pick = (file: File | undefined) => {
    if (!file) return;
    if (!/^image\/(png|jpeg|gif|webp)$/.test(file.type)) {
      feedback().message.warning('请选择 png、jpg、gif 或 webp 图片');
      return;
    }
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      const s = coverScale(image.naturalWidth, image.naturalHeight, VIEW);
      setImg(image);
      setCrop(
        clampCrop(
          { scale: s, x: (VIEW - image.naturalWidth * s) / 2, y: (VIEW - image.naturalHeight * s) / 2 },
          image.naturalWidth,
          image.naturalHeight,
          VIEW,
        ),
      );
      URL.revokeObjectURL(url);
    };
    image.onerror = () => feedback().message.error('图片无法读取');
    image.src = url;
  };

  const minScale = img ? coverScale(img.naturalWidth, img.naturalHeight, VIEW) : 1;

  const save = async () => {
    if (!img) return;
    const out = document.createElement('canvas');
    out.width = OUT;
    out.height = OUT;
    const { sx, sy, size } = sourceRect(crop, VIEW);
    out.getContext('2d')!.drawImage(img, sx, sy, size, size, 0, 0, OUT, OUT);
    const blob = await new Promise<Blob | null>((resolve) => out.toBlob(resolve, 'image/png'));
    if (!blob) return;
    setProgress(0);
    try {
      const up = await personalApi.uploadIcon(blob, setProgress);
      await personalApi.setMyPic(up.filePath);
      feedback().message.success('头像已更新');
      setImg(null);
      onDone();
    } catch (err) {
      showError(err, '头像上传失败');
    } finally {
      setProgress(null);
    }
  };

  return (
    <Modal
      open={open}
      title="更换头像"
      width={360}
      onCancel={onClose}
      destroyOnHidden
      okText="保存头像"
      onOk={() => void save()}
      okButtonProps={{ disabled: !img || progress !== null }}
    >
      <Space orientation="vertical" align="center" style={{ width: '100%' }}>
        <canvas
          ref={canvas}
          width={VIEW}
          height={VIEW}
          data-testid="avatar-canvas"
          style={{ borderRadius: 4, cursor: img ? 'move' : 'default', touchAction: 'none', border: '1px solid #d9d9d9' }}
          onPointerDown={(e) => {
            if (!img) return;
            e.currentTarget.setPointerCapture(e.pointerId);
            drag.current = { px: e.clientX, py: e.clientY, x: crop.x, y: crop.y };
          }}
          onPointerMove={(e) => {
            const d = drag.current;
            if (!d || !img) return;
            setCrop(
              clampCrop(
                { scale: crop.scale, x: d.x + e.clientX - d.px, y: d.y + e.clientY - d.py },
                img.naturalWidth,
                img.naturalHeight,
                VIEW,
              ),
            );
          }}
          onPointerUp={() => (drag.current = null)}
          onWheel={(e) =>
            img &&
            setCrop(
              zoomCrop(
                crop,
                Math.min(minScale * 4, Math.max(minScale, crop.scale * (e.deltaY < 0 ? 1.1 : 0.9))),
                img.naturalWidth,
                img.naturalHeight,
                VIEW,
              ),
            )
          }
        />
        <Slider
          style={{ width: VIEW }}
          min={minScale}
          max={minScale * 4}
          step={minScale / 50}
          value={crop.scale}
          disabled={!img}
          tooltip={{ formatter: (v) => `${Math.round(((v ?? minScale) / minScale) * 100)}%` }}
          onChange={(v) => img && setCrop(zoomCrop(crop, v, img.naturalWidth, img.naturalHeight, VIEW))}
        />
        <input
          ref={input}
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          hidden
          data-testid="avatar-file"
          onChange={(e) => pick(e.target.files?.[0])}
        />
        <Button icon={<UploadOutlined />} onClick={() => input.current?.click()}>
          选择图片
        </Button>
        <Typography.Text type="secondary">拖动图片调整位置，滚轮或滑块缩放；保存为 256×256 PNG</Typography.Text>
        {progress !== null && <Progress percent={progress} size="small" aria-label="上传进度" style={{ width: VIEW }} />}
      </Space>
    </Modal>
  );
}
