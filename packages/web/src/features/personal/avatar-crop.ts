/** Pure geometry of the square avatar crop: an image drawn at `scale`, offset (x, y) inside a square view. */
export interface CropState {
  scale: number;
  x: number;
  y: number;
}

/** The smallest scale at which the image still covers the whole view. */
export const coverScale = (w: number, h: number, view: number): number => Math.max(view / w, view / h);

/** Keeps the image covering the view: offsets between (view - size) and 0. */
export function clampCrop(s: CropState, w: number, h: number, view: number): CropState {
  const scale = Math.max(s.scale, coverScale(w, h, view));
  const minX = view - w * scale;
  const minY = view - h * scale;
  return { scale, x: Math.min(0, Math.max(minX, s.x)), y: Math.min(0, Math.max(minY, s.y)) };
}

/** Zooms around the view's centre. */
export function zoomCrop(s: CropState, nextScale: number, w: number, h: number, view: number): CropState {
  const c = view / 2;
  const k = nextScale / s.scale;
  return clampCrop({ scale: nextScale, x: c - (c - s.x) * k, y: c - (c - s.y) * k }, w, h, view);
}

/** The source rectangle (image pixels) the view shows. */
export function sourceRect(s: CropState, view: number): { sx: number; sy: number; size: number } {
  return { sx: -s.x / s.scale, sy: -s.y / s.scale, size: view / s.scale };
}
