/**
 * Line breaking of the red-header document, independent of the output format: `width` is the measure of a
 * piece of text at the font and size in use (letter-spacing included), in the unit of `max`.
 */
export type Width = (text: string) => number;

/** A closing punctuation mark never starts a line (避头). */
const CLOSING = /^[，。、；：！？）」』”’〕》]$/;
/** CJK breaks anywhere; a run of Latin letters, digits and their punctuation stays whole. */
const tokensOf = (text: string) => text.match(/[A-Za-z0-9.,:;%\-/()]+|./gu) ?? [];

/** Greedy breaking: as much on each line as fits in `max` (the first line after `firstIndent`). */
export function wrapLines(text: string, max: number, width: Width, firstIndent = 0): string[] {
  return wrapTokens(tokensOf(text), max, width, firstIndent);
}

function wrapTokens(tokens: string[], max: number, width: Width, firstIndent = 0): string[] {
  const lines: string[] = [];
  let line = '';
  let w = firstIndent;
  for (const t of tokens) {
    const tw = width(t);
    if (w + tw > max + 0.5 && line) {
      if (CLOSING.test(t)) {
        lines.push(line + t);
        line = '';
        w = 0;
        continue;
      }
      lines.push(line);
      line = '';
      w = 0;
    }
    line += t;
    w += tw;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * A title broken into balanced lines (GB/T 9704 §7.3.1 "排列对称，长短适宜"): as few lines as greedy
 * breaking needs, each as long as the others, and never one character alone on the last line.
 */
export function balancedLines(text: string, max: number, width: Width): string[] {
  const words = wordsOf(text, max, width);
  const greedy = wrapTokens(words, max, width);
  if (greedy.length < 2) return greedy;
  let lo = width(text) / greedy.length - 1;
  let hi = max;
  for (let i = 0; i < 24; i += 1) {
    const mid = (lo + hi) / 2;
    if (wrapTokens(words, mid, width).length > greedy.length) lo = mid;
    else hi = mid;
  }
  return withoutOrphan(wrapTokens(words, hi, width));
}

/** Words (Intl.Segmenter), so that a line breaks between words ("词意完整"); a word wider than a line is split. */
const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });
function wordsOf(text: string, max: number, width: Width): string[] {
  return [...segmenter.segment(text)].flatMap(({ segment }) => (width(segment) > max ? tokensOf(segment) : [segment]));
}

/** Moves a character down from the line above when the last line would hold one character alone. */
function withoutOrphan(lines: string[]): string[] {
  const last = [...(lines.at(-1) ?? '')];
  const prev = [...(lines.at(-2) ?? '')];
  if (lines.length < 2 || last.length > 1 || prev.length < 3) return lines;
  return [...lines.slice(0, -2), prev.slice(0, -1).join(''), prev.at(-1)! + last.join('')];
}
