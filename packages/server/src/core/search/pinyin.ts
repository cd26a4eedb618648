import { pinyin } from 'pinyin-pro';

/** Full pinyin ('zhangsan') and initials ('zs') of a Chinese name, for address-book search. */
export function namePinyin(name: string): { full: string; initials: string } {
  const syllables = pinyin(name, { toneType: 'none', type: 'array', surname: 'head', v: true });
  return {
    full: syllables
      .join('')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, ''),
    initials: syllables
      .map((s) => s.charAt(0))
      .join('')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, ''),
  };
}
