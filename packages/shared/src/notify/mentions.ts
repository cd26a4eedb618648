/** A person an opinion may mention. */
export interface Mentionable {
  userCode: string;
  userName: string;
}

/** What ends a mention: white space and the punctuation people type after a name. */
const TOKEN = /@([^\s@,，。.;；:：!！?？、()（）[\]【】<>《》"'“”‘’]{1,40})/gu;

/**
 * The people an opinion mentions. The opinion box offers `@姓名` (or `@账号` where two people share a name) followed
 * by a space; a mention is matched to an account first, then to a name held by exactly one person, then to the
 * longest such name the text starts with (「@张伟请阅」 is 张伟). A name two people share mentions neither.
 */
export function parseMentions(text: string, people: readonly Mentionable[]): string[] {
  const byCode = new Map(people.map((p) => [p.userCode.toLowerCase(), p.userCode]));
  const byName = new Map<string, string | null>();
  for (const p of people) byName.set(p.userName, byName.has(p.userName) ? null : p.userCode);
  const found = new Set<string>();
  for (const m of text.matchAll(TOKEN)) {
    const token = m[1];
    const hit = byCode.get(token.toLowerCase()) ?? byName.get(token) ?? longestName(token, byName);
    if (hit) found.add(hit);
  }
  return [...found];
}

function longestName(token: string, byName: Map<string, string | null>): string | null {
  for (let n = token.length - 1; n >= 2; n--) {
    const code = byName.get(token.slice(0, n));
    if (code !== undefined) return code;
  }
  return null;
}
