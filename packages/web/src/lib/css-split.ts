import postcss from 'postcss';

/**
 * Splits a stylesheet into about `parts` pieces of similar size, cut only between top-level rules (a rule, an @media
 * or @keyframes block; a comment stays with the rule after it), so that each piece is a stylesheet of whole rules and
 * the pieces in order are the whole. PostCSS reads the rules (strings, escapes and comments included); a stylesheet
 * it cannot read, e.g. a block never closed, throws its CssSyntaxError.
 */
export function splitStylesheet(css: string, parts: number): string[] {
  const ends = postcss
    .parse(css)
    .nodes.filter((node) => node.type !== 'comment')
    .map((node) => node.source!.end!.offset);
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
