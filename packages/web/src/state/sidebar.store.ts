import { create } from 'zustand';
import { STORAGE_KEYS, readLocal, writeLocal } from '../lib/storage-keys';

export type UiSize = 'small' | 'middle' | 'large' | 'default';
/** text sizes of the UI size setting: up to 200 % (WCAG 1.4.4) */
export const TEXT_SCALES = [1, 1.25, 1.5, 2] as const;
export type TextScale = (typeof TEXT_SCALES)[number];

interface SidebarState {
  /** restored from localStorage; open by default (spec §4) */
  opened: boolean;
  /** UI size, default 'default' (spec §9) */
  size: UiSize;
  /** the text size, 1 (100 %) by default */
  textScale: TextScale;
  device: 'desktop' | 'mobile';
  toggle: () => void;
  setSize: (size: UiSize) => void;
  setTextScale: (scale: TextScale) => void;
}

const storedSize = readLocal(STORAGE_KEYS.size);
const sizes: UiSize[] = ['small', 'middle', 'large', 'default'];
const storedScale = Number(readLocal(STORAGE_KEYS.textScale));

export const useSidebar = create<SidebarState>()((set, get) => ({
  opened: readLocal(STORAGE_KEYS.sidebarStatus) !== '0',
  size: sizes.includes(storedSize as UiSize) ? (storedSize as UiSize) : 'default',
  textScale: TEXT_SCALES.find((s) => s === storedScale) ?? 1,
  device: 'desktop',
  toggle: () => {
    const opened = !get().opened;
    writeLocal(STORAGE_KEYS.sidebarStatus, opened ? '1' : '0');
    set({ opened });
  },
  setSize: (size) => {
    writeLocal(STORAGE_KEYS.size, size);
    set({ size });
  },
  setTextScale: (textScale) => {
    writeLocal(STORAGE_KEYS.textScale, String(textScale));
    set({ textScale });
  },
}));
