/**
 * Splits a stylesheet into about `parts` pieces of similar size, cut only between top-level rules (a rule, an @media
 * or @keyframes block), so that each piece is a stylesheet of whole rules and the pieces in order are the whole.
 */
export function splitStylesheet(css: string, parts: number): string[] {
  const ends: number[] = [];
  let depth = 0;
  let quote = '';
  for (let i = 0; i < css.length; i++) {
    const c = css[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '/' && css[i + 1] === '*') {
      const close = css.indexOf('*/', i + 2);
      i = close < 0 ? css.length : close + 1;
    } else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) ends.push(i + 1);
  }
  if (depth !== 0 || quote) throw new Error('splitStylesheet: the stylesheet does not close every block');
  const size = css.length / parts;
  const out: string[] = [];
  let start = 0;
  for (const end of ends) {
    if (end - start >= size || end === ends.at(-1)) {
      out.push(css.slice(start, end));
      start = end;
    }
  }
  const rest = css.slice(start).trim();
  if (rest) out.push(rest);
  return out;
}
