import { describe, expect, it } from 'vitest';
import { clampCrop, coverScale, sourceRect, zoomCrop } from './avatar-crop';

describe('avatar crop geometry', () => {
  it('covers the view and never shows an empty edge', () => {
    expect(coverScale(800, 400, 200)).toBe(0.5);
    expect(clampCrop({ scale: 0.1, x: 50, y: 50 }, 800, 400, 200)).toEqual({ scale: 0.5, x: 0, y: 0 });
    expect(clampCrop({ scale: 0.5, x: -1000, y: 0 }, 800, 400, 200)).toEqual({ scale: 0.5, x: -200, y: 0 });
  });
  it('zooms around the centre and maps the view back to image pixels', () => {
    const z = zoomCrop({ scale: 0.5, x: -100, y: 0 }, 1, 800, 400, 200);
    expect(z).toEqual({ scale: 1, x: -300, y: -100 });
    expect(sourceRect(z, 200)).toEqual({ sx: 300, sy: 100, size: 200 });
  });
});
