import { create } from 'zustand';
import { STORAGE_KEYS, readLocal, writeLocal } from '../lib/storage-keys';

export type UiSize = 'small' | 'middle' | 'large' | 'default';

interface SidebarState {
  /** restored from localStorage; open by default (spec §4) */
  opened: boolean;
  /** UI size, default 'default' (spec §9) */
  size: UiSize;
  device: 'desktop' | 'mobile';
  toggle: () => void;
  setSize: (size: UiSize) => void;
}

const storedSize = readLocal(STORAGE_KEYS.size);
const sizes: UiSize[] = ['small', 'middle', 'large', 'default'];

export const useSidebar = create<SidebarState>()((set, get) => ({
  opened: readLocal(STORAGE_KEYS.sidebarStatus) !== '0',
  size: sizes.includes(storedSize as UiSize) ? (storedSize as UiSize) : 'default',
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
}));
