/**
 * Spec §5 expression checker. Tokens: numbers (`12`, `3.5`), the operators + - * / and parentheses;
 * whitespace between tokens is ignored. Valid when, with parentheses set aside, the tokens alternate
 * number/operator, their count is odd (so it starts and ends with a number), the parentheses are
 * balanced, '(' only opens where a number may stand and ')' only closes after a number (so `()`
 * and `(+1)` fail). No unary minus. Empty or non-string input → false.
 */
export function isValidExpression(expr: string | null | undefined): boolean {
  if (typeof expr !== 'string') return false;
  const tokens = expr.match(/\d+(?:\.\d+)?|[-+*/()]|\S/g);
  if (!tokens) return false;
  let expectNumber = true;
  let depth = 0;
  let count = 0;
  for (const t of tokens) {
    if (t === '(') {
      if (!expectNumber) return false;
      depth += 1;
    } else if (t === ')') {
      if (expectNumber || depth === 0) return false;
      depth -= 1;
    } else if (/^\d/.test(t)) {
      if (!expectNumber) return false;
      expectNumber = false;
      count += 1;
    } else if (t.length === 1 && '+-*/'.includes(t)) {
      if (expectNumber) return false;
      expectNumber = true;
      count += 1;
    } else {
      return false;
    }
  }
  return depth === 0 && !expectNumber && count % 2 === 1;
}
