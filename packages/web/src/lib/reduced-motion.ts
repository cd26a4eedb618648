/**
 * Whether the person asked their system for less motion (`prefers-reduced-motion: reduce`): antd's opening,
 * closing and sliding animations are then switched off (providers.tsx). Followed live, as the setting can change.
 */
const QUERY = '(prefers-reduced-motion: reduce)';
const media = () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(QUERY) : null);

export const reducedMotion = {
  subscribe(onChange: () => void): () => void {
    const m = media();
    m?.addEventListener('change', onChange);
    return () => m?.removeEventListener('change', onChange);
  },
  get: (): boolean => media()?.matches ?? false,
};
